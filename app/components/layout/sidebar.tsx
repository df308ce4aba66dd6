import { Box, IconButton, Separator } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { Form, Link } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import { InitialsAvatar } from '#app/components/initials-avatar.tsx'
import type { ShellData } from '#app/server/shell.server.ts'
import { planLabelKey } from '#app/utils/greeting.ts'
import { NavIcon } from './nav-icon.tsx'
import { SideLink, useNavItems } from './nav-items.tsx'
import '#locales/ns/layout.ts'

export function Brand({ onNavigate }: { onNavigate?: () => void }) {
	const { t: tc } = useTranslation('common')
	return (
		<Link to="/" className="brand" onClick={onNavigate}>
			<span className="brand-mark" aria-hidden>
				{tc('appName').slice(0, 1)}
			</span>
			<Text weight="bold" size="4">
				{tc('appName')}
			</Text>
		</Link>
	)
}

/** Navigation groups, profile card with sign-out and version: the sidebar's body, also the phone drawer's. */
export function NavPanel({ shell, onNavigate }: { shell: ShellData; onNavigate?: () => void }) {
	const { t } = useTranslation('layout')
	const { groups, bottom } = useNavItems(shell)
	const name = shell.user.fullName || shell.user.email
	const initials = name.trim().slice(0, 1).toUpperCase()
	return (
		<>
			<Flex direction="column" gap="4" style={{ flex: 1 }}>
				{groups.map((group, i) => (
					<Flex key={i} direction="column" gap="1">
						{group.title ? (
							<Text size="1" color="gray" weight="medium" className="side-group-title">
								{group.title}
							</Text>
						) : null}
						{group.items.map((item) => (
							<SideLink key={item.to} item={item} onNavigate={onNavigate} />
						))}
					</Flex>
				))}
			</Flex>
			<Flex direction="column" gap="1">
				{bottom.map((item) => (
					<SideLink key={item.to} item={item} onNavigate={onNavigate} />
				))}
			</Flex>
			<Separator size="4" my="3" />
			<Flex gap="3" align="center" className="profile-card" data-testid="profile-card">
				<InitialsAvatar initials={initials} size="2" />
				<Box style={{ minWidth: 0, flex: 1 }}>
					<Text as="div" size="2" weight="medium" truncate title={name}>
						{name}
					</Text>
					<Text as="div" size="1" color="gray" data-testid="profile-plan">
						{t(planLabelKey(shell.user.subscriptionType, shell.user.plan))}
					</Text>
				</Box>
				<Form method="post" action="/auth/logout">
					<IconButton type="submit" variant="ghost" color="gray" className="tap-target" aria-label={t('nav.signOut')} title={t('nav.signOut')}>
						<NavIcon name="log-out" size={16} />
					</IconButton>
				</Form>
			</Flex>
			<Text size="1" color="gray" mt="2" className="version-label">
				{t('version')}
			</Text>
		</>
	)
}

export function Sidebar({ shell }: { shell: ShellData }) {
	const { t } = useTranslation('layout')
	return (
		<nav className="sidebar" aria-label={t('nav.mainNavigation')}>
			<Brand />
			<NavPanel shell={shell} />
		</nav>
	)
}
