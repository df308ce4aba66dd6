import { AlertDialog, Badge, Button, Card, Code, Flex, Heading, Switch, Text } from '@radix-ui/themes'
import { Pencil, Trash2 } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { ToolIcon } from '#app/components/toolbox/tool-icon.tsx'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import type { AdminToolConfig } from '#modules/toolbox/index.ts'
import type { ToolConfigsReply } from './types.ts'
import { Tooltip } from '#app/components/tooltip/tooltip.tsx'
import '#locales/ns/adminToolbox.ts'

/** Badges of a config: category, Pro, and 'Nicht implementiert' for a tool the app does not run. */
export function ToolConfigBadges({ config }: { config: AdminToolConfig }) {
	const { t } = useTranslation('adminToolbox')
	return (
		<Flex gap="1" wrap="wrap">
			<Badge variant="soft" color="gray" data-testid="tool-config-category">
				{t(`categories.${config.category}`)}
			</Badge>
			{config.isPro ? <Badge color="amber">{t('card.pro')}</Badge> : null}
			{config.implemented ? null : (
				<Tooltip content={t('card.notImplementedHint')}>
					<Badge color="orange" variant="soft" data-testid="tool-config-not-implemented">
						{t('card.notImplemented')}
					</Badge>
				</Tooltip>
			)}
		</Flex>
	)
}

/** A tool configuration: icon, names, badges, the availability switch (answers at once, reverts if saving fails), edit. */
export function ToolConfigCard({ config, onEdit }: { config: AdminToolConfig; onEdit: () => void }) {
	const { t } = useTranslation('adminToolbox')
	const toggler = useFetcher<ToolConfigsReply>({ key: `availability-${config.id}` })
	useFetcherNotice(toggler)
	// Optimistic: the switch shows the wanted state while saving; afterwards the loader's data decides.
	const available = toggler.formData ? toggler.formData.get('available') === 'true' : config.isAvailable
	const switchId = `tool-config-${config.id}-available`
	return (
		<Card size="2" data-testid="tool-config" data-tool={config.toolName} data-available={available} asChild>
			<article aria-label={config.displayName}>
				<Flex direction="column" gap="3" height="100%">
					<Flex gap="3" align="center">
						<Flex align="center" justify="center" flexShrink="0" style={{ width: 40, height: 40, borderRadius: 'var(--radius-3)', background: 'var(--accent-3)', color: 'var(--accent-11)' }}>
							<ToolIcon name={config.icon} />
						</Flex>
						<Flex direction="column" gap="1">
							<Heading as="h3" size="4">
								{config.displayName}
							</Heading>
							<ToolConfigBadges config={config} />
						</Flex>
					</Flex>
					<Text size="2" color="gray">
						{config.description}
					</Text>
					{available ? null : (
						<Text size="1" color="amber" data-testid="tool-config-unavailable-hint">
							{t('card.unavailableHint')}
						</Text>
					)}
					<Text size="1" color="gray">
						{t('card.toolName')}: <Code data-testid="tool-config-name">{config.toolName}</Code>
					</Text>
					<Flex justify="between" align="center" gap="2" mt="auto" wrap="wrap">
						<Text as="label" size="2" htmlFor={switchId}>
							<Flex gap="2" align="center">
								<Switch
									id={switchId}
									checked={available}
									aria-label={t('card.availableLabel', { name: config.displayName })}
									onCheckedChange={(checked) => toggler.submit({ intent: 'availability', id: config.id, available: String(checked) }, { method: 'post' })}
								/>
								{t('card.available')}
							</Flex>
						</Text>
						<Flex gap="2">
							<DeleteToolConfig config={config} />
							<Button variant="soft" size="2" aria-label={t('card.editLabel', { name: config.displayName })} onClick={onEdit}>
								<Pencil size={14} aria-hidden />
								{t('card.edit')}
							</Button>
						</Flex>
					</Flex>
				</Flex>
			</article>
		</Card>
	)
}

/**
 * 'Löschen' after a confirmation; the server checks the admin and refuses the five implemented tools
 * (shown disabled here with the reason: they are switched off instead).
 */
/** The one fetcher of 'Löschen' (one deletion at a time), read by the page for its toast. */
export const TOOL_CONFIG_DELETE = 'tool-config-delete'

function DeleteToolConfig({ config }: { config: AdminToolConfig }) {
	const { t } = useTranslation('adminToolbox')
	// The page shows the answer's toast (TOOL_CONFIG_DELETE): this card is gone once the list reloads.
	const deleter = useFetcher<ToolConfigsReply>({ key: TOOL_CONFIG_DELETE })
	if (config.implemented) {
		return (
			<span title={t('card.deleteImplemented')} data-testid="tool-config-delete-disabled">
				<Button variant="soft" color="gray" size="2" disabled aria-label={t('card.deleteLabel', { name: config.displayName })} aria-describedby={`tool-delete-reason-${config.id}`}>
					<Trash2 size={14} aria-hidden />
					{t('card.delete')}
				</Button>
				<span id={`tool-delete-reason-${config.id}`} hidden>
					{t('card.deleteImplemented')}
				</span>
			</span>
		)
	}
	return (
		<AlertDialog.Root>
			<AlertDialog.Trigger>
				<Button variant="soft" color="red" size="2" loading={deleter.state !== 'idle'} aria-label={t('card.deleteLabel', { name: config.displayName })}>
					<Trash2 size={14} aria-hidden />
					{t('card.delete')}
				</Button>
			</AlertDialog.Trigger>
			<AlertDialog.Content maxWidth="460px">
				<AlertDialog.Title>{t('card.deleteTitle')}</AlertDialog.Title>
				<AlertDialog.Description size="2">{t('card.deleteText', { name: config.displayName })}</AlertDialog.Description>
				<Flex gap="3" mt="4" justify="end">
					<AlertDialog.Cancel>
						<Button variant="soft" color="gray">
							{t('card.cancel')}
						</Button>
					</AlertDialog.Cancel>
					<AlertDialog.Action>
						<Button color="red" onClick={() => deleter.submit({ intent: 'delete', id: config.id }, { method: 'post' })}>
							{t('card.delete')}
						</Button>
					</AlertDialog.Action>
				</Flex>
			</AlertDialog.Content>
		</AlertDialog.Root>
	)
}
