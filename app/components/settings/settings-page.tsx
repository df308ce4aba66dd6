import { Badge, Button, Flex, Grid, Select, Switch, Table, Text, TextField } from '@radix-ui/themes'
import { Coins, Link2, PlugZap, Settings2, User } from 'lucide-react'
import { useCallback, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import { ConnectDialog, type ConnectTarget } from '#app/components/accounts/connect-dialog.tsx'
import { PlatformCard } from '#app/components/accounts/platform-card.tsx'
import { PageHeader } from '#app/components/page-header.tsx'
import { PaymentsTable } from '#app/components/pricing/payments-table.tsx'
import { formatDateTime } from '#app/utils/format.ts'
import { ledgerLabel } from '#modules/credits/labels.ts'
import { usePlatforms } from '#app/utils/use-platforms.ts'
import { ContentSection } from './content-section.tsx'
import { DataSection } from './data-section.tsx'
import { FieldError, SettingsSection, useSettingsFetcher } from './section.tsx'
import { SecuritySection } from './security-section.tsx'
import type { SettingsData } from './types.ts'
import type { Spelling } from '#modules/core/spelling.ts'
import '#locales/ns/settings.ts'
import '#locales/ns/integrations.ts'

/** /settings: profile, content settings, plan and credits, linked accounts, security, other settings, data. */
export function SettingsPage({ account, content, contentBrand, ledger, payments, connections, sandboxPlatforms, timeZones, spelling }: SettingsData) {
	const { t } = useTranslation('settings')
	return (
		<Flex direction="column" gap="4">
			<PageHeader title={t('title')} subtitle={t('subtitle')} />
			<ProfileSection fullName={account.fullName} email={account.email} />
			<ContentSection content={content} brand={contentBrand} />
			<CreditsSection account={account} ledger={ledger} payments={payments} />
			<LinkedAccountsSection connections={connections} sandboxPlatforms={sandboxPlatforms} />
			<SecuritySection hasPassword={account.hasPassword} />
			<IntegrationsLink />
			<PreferencesSection timeZone={account.timeZone} notifyFailedPosts={account.notifyFailedPosts} requireAltText={account.requireAltText} timeZones={timeZones} spelling={spelling} />
			<DataSection email={account.email} />
		</Flex>
	)
}

/** 'API & Integrationen': API tokens, MCP, webhooks on their own page. */
function IntegrationsLink() {
	const { t } = useTranslation('integrations')
	return (
		<SettingsSection id="integrations" icon={<PlugZap size={20} />} title={t('settingsCard.title')} description={t('settingsCard.description')}>
			<div>
				<Button asChild variant="soft">
					<Link to="/settings/integrationen">{t('settingsCard.open')}</Link>
				</Button>
			</div>
		</SettingsSection>
	)
}

function ProfileSection({ fullName, email }: { fullName: string; email: string }) {
	const { t } = useTranslation('settings')
	const { fetcher, errors, busy } = useSettingsFetcher('profile')
	return (
		<SettingsSection id="profile" icon={<User size={20} />} title={t('profile.title')} description={t('profile.description')}>
			<fetcher.Form method="post" noValidate>
				<input type="hidden" name="intent" value="profile" />
				<Flex direction="column" gap="3">
					<Grid columns={{ initial: '1', md: '2' }} gap="4">
						<Flex direction="column" gap="1">
							<Text as="label" htmlFor="settings-full-name" size="2" weight="medium">
								{t('profile.name')}
							</Text>
							<TextField.Root
								id="settings-full-name"
								name="fullName"
								defaultValue={fullName}
								autoComplete="name"
								aria-invalid={errors.fullName ? true : undefined}
								aria-describedby={errors.fullName ? 'settings-full-name-hint settings-full-name-error' : 'settings-full-name-hint'}
							/>
							<Text id="settings-full-name-hint" size="1" color="gray">
								{t('profile.nameHint')}
							</Text>
							<FieldError id="settings-full-name-error" error={errors.fullName} />
						</Flex>
						<Flex direction="column" gap="1">
							<Text as="label" htmlFor="settings-email" size="2" weight="medium">
								{t('profile.email')}
							</Text>
							<TextField.Root id="settings-email" value={email} readOnly disabled />
							<Text size="1" color="gray">
								{t('profile.emailHint')}
							</Text>
						</Flex>
					</Grid>
					<Flex justify="end">
						<Button type="submit" loading={busy}>
							{t('save')}
						</Button>
					</Flex>
				</Flex>
			</fetcher.Form>
		</SettingsSection>
	)
}

function CreditsSection({ account, ledger, payments }: Pick<SettingsData, 'account' | 'ledger' | 'payments'>) {
	const { t } = useTranslation('settings')
	const plan = account.plan ?? account.subscriptionType
	const ledgerText = (type: string) => {
		const label = ledgerLabel(type)
		return t(`credits.types.${label.key}`, { name: label.name ?? '' })
	}
	return (
		<SettingsSection id="credits" icon={<Coins size={20} />} title={t('credits.title')} description={t('credits.description')}>
			<Flex gap="6" align="end" wrap="wrap" justify="between">
				<Flex gap="6" wrap="wrap">
					<Flex direction="column" gap="1">
						<Text size="2" color="gray">
							{t('credits.plan')}
						</Text>
						<Badge size="3" color="indigo" data-testid="settings-plan">
							{t(`credits.plans.${plan}`, { defaultValue: plan })}
						</Badge>
					</Flex>
					<Flex direction="column" gap="1">
						<Text size="2" color="gray">
							{t('credits.balance')}
						</Text>
						<Text size="6" weight="bold" data-testid="settings-balance">
							{account.creditsRemaining}
						</Text>
						<Text size="1" color="gray">
							{t('credits.ofTotal', { total: account.creditsTotal })}
						</Text>
					</Flex>
				</Flex>
				<Button asChild>
					<Link to="/pricing">{t('credits.changePlan')}</Link>
				</Button>
			</Flex>
			<Text size="2" weight="medium">
				{t('credits.ledger')}
			</Text>
			{ledger.length === 0 ? (
				<Text color="gray">{t('credits.empty')}</Text>
			) : (
				<Table.Root variant="surface" size="1" aria-label={t('credits.ledger')} className="fit-table">
					<Table.Header>
						<Table.Row>
							<Table.ColumnHeaderCell>{t('credits.date')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell>{t('credits.type')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell justify="end">{t('credits.amount')}</Table.ColumnHeaderCell>
							<Table.ColumnHeaderCell justify="end">{t('credits.balanceAfter')}</Table.ColumnHeaderCell>
						</Table.Row>
					</Table.Header>
					<Table.Body>
						{ledger.map((entry) => (
							<Table.Row key={entry.id}>
								<Table.Cell>{formatDateTime(entry.createdAt, account.timeZone, 'dd.MM.yyyy HH:mm')}</Table.Cell>
								<Table.Cell>{ledgerText(entry.type)}</Table.Cell>
								<Table.Cell justify="end">
									<Text color={entry.amount < 0 ? 'red' : 'green'}>{entry.amount > 0 ? `+${entry.amount}` : entry.amount}</Text>
								</Table.Cell>
								<Table.Cell justify="end">{entry.balanceAfter}</Table.Cell>
							</Table.Row>
						))}
					</Table.Body>
				</Table.Root>
			)}
			<PaymentsTable payments={payments} timeZone={account.timeZone} />
		</SettingsSection>
	)
}

/** The publishing module's connections, with the very cards and connect dialog of /accounts. */
function LinkedAccountsSection({ connections, sandboxPlatforms }: Pick<SettingsData, 'connections' | 'sandboxPlatforms'>) {
	const { t } = useTranslation('settings')
	const [target, setTarget] = useState<ConnectTarget | null>(null)
	const closeDialog = useCallback(() => setTarget(null), [])
	// One card per registered platform, in the registry's order (as on /accounts).
	const order = usePlatforms().map((p) => p.id)
	return (
		<SettingsSection id="accounts" icon={<Link2 size={20} />} title={t('accounts.title')} description={t('accounts.description')}>
			<Grid columns={{ initial: '1', md: '2' }} gap="4" align="start">
				{order.map((platform) => (
					<PlatformCard
						key={platform}
						platform={platform}
						connections={connections.filter((c) => c.platform === platform)}
						sandbox={sandboxPlatforms.includes(platform)}
						// The plan's count lives on /accounts; a connect past the limit is refused there as here.
						full={false}
						onConnect={(p) => setTarget({ platform: p, initial: 'instructions' })}
						onReconnect={(account) => setTarget({ platform: account.platform, initial: 'instructions', accountId: account.id })}
					/>
				))}
			</Grid>
			<Flex>
				<Button asChild variant="ghost">
					<Link to="/accounts">{t('accounts.manage')}</Link>
				</Button>
			</Flex>
			{target ? <ConnectDialog key={`${target.platform}-${target.initial}-${target.accountId ?? ''}`} target={target} sandbox={sandboxPlatforms.includes(target.platform)} onClose={closeDialog} /> : null}
		</SettingsSection>
	)
}

// Filled in, not written in the text: the Swiss spelling would turn it into "ss".
const SHARP_S = 'ß'

function PreferencesSection({ timeZone, notifyFailedPosts, requireAltText, timeZones, spelling }: { timeZone: string; notifyFailedPosts: boolean; requireAltText: boolean; timeZones: Array<string>; spelling: Spelling }) {
	const { t } = useTranslation('settings')
	const { fetcher, errors, busy } = useSettingsFetcher('preferences')
	return (
		<SettingsSection id="preferences" icon={<Settings2 size={20} />} title={t('preferences.title')} description={t('preferences.description')}>
			<fetcher.Form method="post" noValidate>
				<input type="hidden" name="intent" value="preferences" />
				<Flex direction="column" gap="4">
					<Flex direction="column" gap="1" maxWidth="360px">
						<Text as="label" id="settings-time-zone-label" size="2" weight="medium">
							{t('preferences.timeZone')}
						</Text>
						<Select.Root name="timeZone" defaultValue={timeZone}>
							<Select.Trigger aria-labelledby="settings-time-zone-label" />
							<Select.Content position="popper" style={{ maxHeight: 320 }}>
								{timeZones.map((zone) => (
									<Select.Item key={zone} value={zone}>
										{zone.replaceAll('_', ' ')}
									</Select.Item>
								))}
							</Select.Content>
						</Select.Root>
						<FieldError id="settings-time-zone-error" error={errors.timeZone} />
					</Flex>
					<Flex direction="column" gap="1" maxWidth="360px">
						<Text as="label" id="settings-spelling-label" size="2" weight="medium">
							{t('preferences.spelling')}
						</Text>
						<Select.Root name="spelling" defaultValue={spelling}>
							<Select.Trigger aria-labelledby="settings-spelling-label" data-testid="settings-spelling" />
							<Select.Content position="popper">
								<Select.Item value="ch">{t('preferences.spellingCh')}</Select.Item>
								<Select.Item value="de">{t('preferences.spellingDe', { letter: SHARP_S })}</Select.Item>
							</Select.Content>
						</Select.Root>
						<Text size="1" color="gray">
							{t('preferences.spellingHint', { letter: SHARP_S })}
						</Text>
					</Flex>
					<Text as="label" size="2">
						<Flex gap="3" align="start">
							<Switch name="notifyFailedPosts" defaultChecked={notifyFailedPosts} />
							<Flex direction="column">
								<Text weight="medium">{t('preferences.notifyFailedPosts')}</Text>
								<Text size="1" color="gray">
									{t('preferences.notifyFailedPostsHint')}
								</Text>
							</Flex>
						</Flex>
					</Text>
					<Text as="label" size="2">
						<Flex gap="3" align="start">
							<Switch name="requireAltText" defaultChecked={requireAltText} data-testid="settings-require-alt-text" />
							<Flex direction="column">
								<Text weight="medium">{t('preferences.requireAltText')}</Text>
								<Text size="1" color="gray">
									{t('preferences.requireAltTextHint')}
								</Text>
							</Flex>
						</Flex>
					</Text>
					<Flex justify="end">
						<Button type="submit" loading={busy}>
							{t('save')}
						</Button>
					</Flex>
				</Flex>
			</fetcher.Form>
		</SettingsSection>
	)
}
