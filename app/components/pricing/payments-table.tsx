import { Table } from '@radix-ui/themes'
import { Badge, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { formatChf, formatDateTime, formatNumber } from '#app/utils/format.ts'
import type { PaymentRow } from '#modules/billing/index.ts'
import '#locales/ns/billing.ts'

const STATUS_COLOR = { paid: 'green', failed: 'red', expired: 'gray', refunded: 'amber', pending: 'gray' } as const

/** The user's payments (settings, 'Abo & Credits'). */
export function PaymentsTable({ payments, timeZone }: { payments: Array<PaymentRow>; timeZone: string }) {
	const { t } = useTranslation('billing')
	return (
		<>
			<Text size="2" weight="medium">
				{t('payments.title')}
			</Text>
			{payments.length === 0 ? (
				<Text color="gray">{t('payments.empty')}</Text>
			) : (
				<Table.Root variant="surface" size="1" aria-label={t('payments.title')}>
					<Table.Header>
						<Table.Row>
							<Table.ColumnHeaderCell>{t('payments.date')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell>{t('payments.item')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell justify="end">{t('payments.amount')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell>{t('payments.status')}</Table.ColumnHeaderCell>
						</Table.Row>
					</Table.Header>
					<Table.Body>
						{payments.map((p) => (
							<Table.Row key={p.id}>
								<Table.Cell>{formatDateTime(p.createdAt, timeZone, 'dd.MM.yyyy HH:mm')}</Table.Cell>
								<Table.Cell>
									{p.kind === 'credit_pack'
										? t('payments.pack', { credits: formatNumber(p.credits) })
										: t('payments.plan', { name: t(`plans.names.${(p.planId ?? 'free') as 'free'}`) })}
								</Table.Cell>
								<Table.Cell justify="end">{formatChf(p.amountChf)}</Table.Cell>
								<Table.Cell>
									<Badge color={STATUS_COLOR[p.status as keyof typeof STATUS_COLOR] ?? 'gray'}>{t(`payments.statuses.${p.status as 'paid'}`, { defaultValue: p.status })}</Badge>
								</Table.Cell>
							</Table.Row>
						))}
					</Table.Body>
				</Table.Root>
			)}
		</>
	)
}
