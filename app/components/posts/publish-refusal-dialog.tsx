import { AlertDialog, Button, Flex } from '@radix-ui/themes'
import { useTranslation } from '#app/utils/use-translation.ts'
import '#locales/ns/publishing.ts'

export type PublishRefusal = { reasons: ReadonlyArray<string>; dismiss: () => void } | null

/**
 * 'So kann der Post nicht veröffentlicht werden': the networks' German reasons when 'Jetzt posten' is
 * refused before anything is sent (the preflight's, as planning names them), one per line.
 */
export function PublishRefusalDialog({ refusal }: { refusal: PublishRefusal }) {
	const { t } = useTranslation('publishing')
	if (!refusal) return null
	return (
		<AlertDialog.Root open onOpenChange={(open) => (open ? null : refusal.dismiss())}>
			<AlertDialog.Content maxWidth="480px" data-testid="publish-refusal">
				<AlertDialog.Title>{t('preflight.refused')}</AlertDialog.Title>
				<AlertDialog.Description size="2" style={{ overflowWrap: 'anywhere' }}>
					{refusal.reasons.map((reason) => (
						// One reason a line (spans: a list is not allowed inside the description's paragraph).
						<span key={reason} style={{ display: 'block', marginBottom: 'var(--space-2)' }}>
							{reason}
						</span>
					))}
				</AlertDialog.Description>
				<Flex mt="4" justify="end">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{t('preflight.close')}
						</Button>
					</AlertDialog.Cancel>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	)
}
