import { Code, IconButton, Table, VisuallyHidden } from '@radix-ui/themes'
import { Badge, Card, Heading } from '#app/components/ui/lean.tsx'
import { Pencil } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { formatDateTime } from '#app/utils/format.ts'
import type { AdminToolConfig } from '#modules/toolbox/index.ts'
import { Tooltip } from '#app/components/tooltip/tooltip.tsx'
import '#locales/ns/adminToolbox.ts'

/** 'Alle Konfigurationen': every config, newest first, whatever the search shows above. */
export function ToolConfigTable({ configs, timeZone, onEdit }: { configs: Array<AdminToolConfig>; timeZone: string; onEdit: (config: AdminToolConfig) => void }) {
	const { t } = useTranslation('adminToolbox')
	return (
		<Card>
			<Heading as="h3" size="4" mb="3">
				{t('table.title')}
			</Heading>
			<Table.Root variant="ghost" data-testid="tool-config-table">
				<Table.Header>
					<Table.Row>
						<Table.ColumnHeaderCell>{t('table.displayName')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>{t('table.toolName')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>{t('table.category')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>{t('table.status')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>{t('table.implemented')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>{t('table.created')}</Table.ColumnHeaderCell>
						<Table.ColumnHeaderCell>
							<VisuallyHidden>{t('table.actions')}</VisuallyHidden>
						</Table.ColumnHeaderCell>
					</Table.Row>
				</Table.Header>
				<Table.Body>
					{configs.map((config) => (
						<Table.Row key={config.id} data-testid="tool-config-row" data-tool={config.toolName} align="center">
							<Table.RowHeaderCell>{config.displayName}</Table.RowHeaderCell>
							<Table.Cell>
								<Code>{config.toolName}</Code>
							</Table.Cell>
							<Table.Cell>{t(`categories.${config.category}`)}</Table.Cell>
							<Table.Cell>
								<Badge color={config.isAvailable ? 'green' : 'gray'} data-testid="tool-config-status">
									{t(config.isAvailable ? 'table.available' : 'table.unavailable')}
								</Badge>
							</Table.Cell>
							<Table.Cell>{t(config.implemented ? 'table.yes' : 'table.no')}</Table.Cell>
							<Table.Cell>{formatDateTime(config.createdAt, timeZone, 'dd.MM.yyyy')}</Table.Cell>
							<Table.Cell>
								<Tooltip content={t('card.edit')}>
									<IconButton variant="ghost" aria-label={t('card.editLabel', { name: config.displayName })} onClick={() => onEdit(config)}>
										<Pencil size={14} aria-hidden />
									</IconButton>
								</Tooltip>
							</Table.Cell>
						</Table.Row>
					))}
				</Table.Body>
			</Table.Root>
		</Card>
	)
}
