import { Badge, Button, Card, Flex, Heading, IconButton, Switch, Text } from '@radix-ui/themes'
import { Star } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link, useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { formatDateTime } from '#app/utils/format.ts'
import type { BirthdayContact, ToolboxTool } from '#modules/toolbox/index.ts'
import { ToolIcon } from './tool-icon.tsx'
import { ToolSettingsDialog } from './tool-settings-dialog.tsx'
import type { ToolboxActionData } from './types.ts'
import { Tooltip } from '#app/components/tooltip/tooltip.tsx'
import '#locales/ns/toolbox.ts'

type Props = {
	tool: ToolboxTool
	isPro: boolean
	lastRun: { runs: number; lastRunAt: Date | null } | null
	contacts: Array<BirthdayContact>
	timeZone: string
}

/** A tool: icon, texts, badges, the Aktiv switch and the favourite star (optimistic), settings, last run. */
export function ToolCard({ tool, isPro, lastRun, contacts, timeZone }: Props) {
	const { t } = useTranslation('toolbox')
	const toggler = useFetcher<ToolboxActionData>({ key: `toggle-${tool.toolName}` })
	const favoriter = useFetcher<ToolboxActionData>({ key: `favorite-${tool.toolName}` })
	useFetcherNotice(toggler)
	useFetcherNotice(favoriter)

	// Optimistic: the switch shows the wanted state while saving; afterwards the reloaded data decides.
	const enabled = toggler.formData ? toggler.formData.get('value') === 'true' : tool.isEnabled
	const favorite = favoriter.formData ? favoriter.formData.get('value') === 'true' : tool.isFavorite
	const switchId = `tool-${tool.toolName}-active`

	return (
		<Card size="3" data-testid="tool-card" data-tool={tool.toolName} data-enabled={enabled} data-favorite={favorite} asChild>
			<article aria-label={tool.displayName}>
				<Flex direction="column" gap="3" height="100%">
					<Flex justify="between" align="start" gap="2">
						<Flex gap="3" align="center">
							<Flex align="center" justify="center" style={{ width: 40, height: 40, borderRadius: 'var(--radius-3)', background: 'var(--accent-3)', color: 'var(--accent-11)' }}>
								<ToolIcon name={tool.icon} />
							</Flex>
							<div>
								<Heading as="h3" size="4">
									{tool.displayName}
								</Heading>
								<Flex gap="1" mt="1" wrap="wrap">
									<Badge variant="soft" color="gray">
										{t(`categories.${tool.category}`, { defaultValue: String(tool.category) })}
									</Badge>
									{tool.isPro ? (
										<Badge color="amber" variant="solid" data-testid="pro-badge">
											{t('card.pro')}
										</Badge>
									) : null}
									{!tool.isAvailable ? (
										<Tooltip content={t('card.unavailableHint')}>
											<Badge color="red" variant="soft" data-testid="tool-unavailable">
												{t('card.unavailable')}
											</Badge>
										</Tooltip>
									) : null}
								</Flex>
							</div>
						</Flex>
						<IconButton
							variant="ghost"
							color={favorite ? 'amber' : 'gray'}
							aria-pressed={favorite}
							aria-label={favorite ? t('card.unfavorite') : t('card.favorite')}
							onClick={() => favoriter.submit({ intent: 'favorite', tool: tool.toolName, value: String(!favorite) }, { method: 'post', action: '/toolbox' })}
						>
							<Star size={18} fill={favorite ? 'currentColor' : 'none'} aria-hidden />
						</IconButton>
					</Flex>

					<Text size="2" color="gray">
						{tool.description}
					</Text>

					<Flex direction="column" gap="1" asChild>
						<ul style={{ margin: 0, paddingLeft: '1.2em' }}>
							{tool.features.map((feature) => (
								<li key={feature}>
									<Text size="2">{feature}</Text>
								</li>
							))}
						</ul>
					</Flex>

					{tool.isPro && !isPro ? (
						<Text size="1" color="amber" data-testid="upgrade-hint">
							{t('card.upgradeHint')}{' '}
							<Link to="/pricing">{t('card.upgradeLink')}</Link>
						</Text>
					) : null}

					{tool.setupHint ? (
						<Text size="1" color="amber" data-testid="setup-hint">
							{t(tool.setupHint as 'card.autoReplyNeedsSetup')}
						</Text>
					) : null}

					<Text size="1" color="gray" data-testid="tool-last-run">
						{lastRun?.lastRunAt ? `${t('card.lastRun', { date: formatDateTime(lastRun.lastRunAt, timeZone, 'dd.MM.yyyy HH:mm') })} · ${t('card.runs', { count: lastRun.runs })}` : t('card.neverRun')}
					</Text>

					<Flex justify="between" align="center" gap="2" mt="auto">
						<Text as="label" size="2" htmlFor={switchId}>
							<Flex gap="2" align="center">
								<Switch
									id={switchId}
									checked={enabled}
									disabled={!tool.isAvailable && !enabled}
									aria-label={t('card.activeLabel', { name: tool.displayName })}
									onCheckedChange={(checked) => toggler.submit({ intent: 'toggle', tool: tool.toolName, value: String(checked) }, { method: 'post', action: '/toolbox' })}
								/>
								{t('card.active')}
							</Flex>
						</Text>
						<ToolSettingsDialog tool={tool} contacts={contacts}>
							<Button variant="soft" size="2">
								{t('card.settings')}
							</Button>
						</ToolSettingsDialog>
					</Flex>
				</Flex>
			</article>
		</Card>
	)
}
