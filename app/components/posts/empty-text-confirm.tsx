import { AlertDialog, Button, Flex } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/publishing.ts'

export type EmptyTextQuestion = { message: string; accept: () => void; dismiss: () => void } | null

/** 'Post ohne Text?': the server's question before a post goes out with an image only. */
export function EmptyTextConfirm({ question }: { question: EmptyTextQuestion }) {
	const { t } = useTranslation('publishing')
	if (!question) return null
	return (
		<AlertDialog.Root open onOpenChange={(open) => (open ? null : question.dismiss())}>
			<AlertDialog.Content maxWidth="440px" data-testid="empty-text-confirm">
				<AlertDialog.Title>{t('preflight.confirmTitle')}</AlertDialog.Title>
				<AlertDialog.Description size="2">{question.message}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end" wrap="wrap">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{t('preflight.cancel')}
						</Button>
					</AlertDialog.Cancel>
					<AlertDialog.Action>
						<Button onClick={question.accept}>{t('preflight.confirmLabel')}</Button>
					</AlertDialog.Action>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	)
}
