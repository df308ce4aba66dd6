import { AlertDialog, Button, Flex } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { BoardItem } from './board-items.ts'
import '#locales/ns/posts.ts'

/** 'Post löschen': confirmation for posts (drafts use the browser's confirmation, as the spec says). */
export function DeletePostDialog({ item, discard = false, onCancel, onConfirm }: { item: BoardItem | null; discard?: boolean; onCancel: () => void; onConfirm: (item: BoardItem) => void }) {
	const { t } = useTranslation('posts')
	if (!item) return null
	// 'Verwerfen' on a review proposal (auto-repost) asks in its own words.
	const texts = discard ? 'discardDialog' : 'deleteDialog'
	return (
		<AlertDialog.Root open onOpenChange={(open) => (open ? null : onCancel())}>
			<AlertDialog.Content maxWidth="440px">
				<AlertDialog.Title>{t(`${texts}.title`)}</AlertDialog.Title>
				<AlertDialog.Description size="2">{t(`${texts}.text`)}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{t('actions.cancel')}
						</Button>
					</AlertDialog.Cancel>
					<AlertDialog.Action>
						<Button color="red" onClick={() => onConfirm(item)}>
							{t(`${texts}.confirm`)}
						</Button>
					</AlertDialog.Action>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	)
}
