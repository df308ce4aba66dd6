import { Box, Button, IconButton, Separator } from '@radix-ui/themes'
import { Badge, Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { Bell, Bot, Calendar, FileText, LayoutDashboard, ListChecks, LogOut, Mail, Newspaper, PenSquare, Settings, Shield, Sparkles, Wrench } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Form, Link, NavLink } from 'react-router'
import { InitialsAvatar } from '#app/components/initials-avatar.tsx'
import { HeaderSearch } from '#app/components/search/header-search.tsx'
import type { ShellData } from '#app/server/shell.server.ts'
import { badgeCount, planLabelKey } from '#app/utils/greeting.ts'
import './app-shell.css'
import '#locales/ns/layout.ts'

type NavItem = { to: string; label: string; icon: React.ReactNode; end?: boolean }

function SideLink({ item }: { item: NavItem }) {
	return (
		<NavLink to={item.to} end={item.end} className={({ isActive }) => `side-link${isActive ? ' active' : ''}`}>
			{item.icon}
			<span>{item.label}</span>
		</NavLink>
	)
}

function Sidebar({ shell }: { shell: ShellData }) {
	const { t } = useTranslation('layout')
	const { t: tc } = useTranslation('common')
	const groups: Array<{ title?: string; items: Array<NavItem> }> = [
		{ items: [{ to: '/', label: t('nav.dashboard'), icon: <LayoutDashboard size={18} />, end: true }] },
		{
			title: t('nav.posts'),
			items: [
				{ to: '/create', label: t('nav.createPost'), icon: <PenSquare size={18} /> },
				{ to: '/posts', label: t('nav.myPosts'), icon: <FileText size={18} /> },
				{ to: '/schedule', label: t('nav.calendar'), icon: <Calendar size={18} /> },
			],
		},
		{
			title: t('nav.ideasTools'),
			items: [
				{ to: '/news', label: t('nav.news'), icon: <Newspaper size={18} /> },
				{ to: '/test-models', label: t('nav.models'), icon: <Sparkles size={18} /> },
				{ to: '/toolbox', label: t('nav.toolbox'), icon: <Wrench size={18} /> },
				{ to: '/activity-logs', label: t('nav.activityLog'), icon: <ListChecks size={18} /> },
			],
		},
	]
	const bottom: Array<NavItem> = [
		...(shell.user.isAdmin ? [{ to: '/admin', label: t('nav.adminPanel'), icon: <Shield size={18} /> }] : []),
		{ to: '/agent', label: t('nav.myAgent'), icon: <Bot size={18} /> },
		{ to: '/settings', label: t('nav.settings'), icon: <Settings size={18} /> },
	]
	const initials = (shell.user.fullName || shell.user.email).trim().slice(0, 1).toUpperCase()
	return (
		<nav className="sidebar" aria-label={t('nav.mainNavigation')}>
			<Link to="/" className="brand">
				<span className="brand-mark" aria-hidden>
					{tc('appName').slice(0, 1)}
				</span>
				<Text weight="bold" size="4">
					{tc('appName')}
				</Text>
			</Link>
			<Flex direction="column" gap="4" style={{ flex: 1 }}>
				{groups.map((group, i) => (
					<Flex key={i} direction="column" gap="1">
						{group.title ? (
							<Text size="1" color="gray" weight="medium" className="side-group-title">
								{group.title}
							</Text>
						) : null}
						{group.items.map((item) => (
							<SideLink key={item.to} item={item} />
						))}
					</Flex>
				))}
			</Flex>
			<Flex direction="column" gap="1">
				{bottom.map((item) => (
					<SideLink key={item.to} item={item} />
				))}
				{shell.showDevTools ? <SideLink item={{ to: '/dev/mailbox', label: t('devMailbox'), icon: <Mail size={18} /> }} /> : null}
			</Flex>
			<Separator size="4" my="3" />
			<Flex gap="3" align="center" className="profile-card" data-testid="profile-card">
				<InitialsAvatar initials={initials} size="2" />
				<Box style={{ minWidth: 0, flex: 1 }}>
					<Text as="div" size="2" weight="medium" truncate>
						{shell.user.fullName || shell.user.email}
					</Text>
					<Text as="div" size="1" color="gray">
						{t(planLabelKey(shell.user.subscriptionType, shell.user.plan))}
					</Text>
				</Box>
				<Form method="post" action="/auth/logout">
					<IconButton type="submit" variant="ghost" color="gray" aria-label={t('nav.signOut')} title={t('nav.signOut')}>
						<LogOut size={16} />
					</IconButton>
				</Form>
			</Flex>
			<Text size="1" color="gray" mt="2" className="version-label">
				{t('version')}
			</Text>
		</nav>
	)
}

function Header({ shell }: { shell: ShellData }) {
	const { t } = useTranslation('layout')
	const name = shell.firstName ?? t('greeting.fallbackName')
	const drafts = badgeCount(shell.draftsCount)
	return (
		<header className="app-header">
			<Box>
				<Heading as="h1" size="6">
					{t('greeting.line', { greeting: t(`greeting.${shell.greeting}`), name })}
				</Heading>
				<Text color="gray" size="2">
					{t('greeting.subtitle')}
				</Text>
			</Box>
			<Flex gap="3" align="center" wrap="wrap">
				<HeaderSearch />
				<Button asChild>
					<Link to="/create">
						<PenSquare size={16} /> {t('createPost')}
					</Link>
				</Button>
				<Link
					to="/posts"
					className="drafts-bell"
					aria-label={shell.draftsCount ? t('drafts.label', { count: shell.draftsCount }) : t('drafts.labelNone')}
				>
					<Bell size={20} />
					{shell.draftsCount > 0 ? (
						<Badge color="red" variant="solid" radius="full" className="drafts-badge" data-testid="drafts-badge">
							{drafts}
						</Badge>
					) : null}
				</Link>
			</Flex>
		</header>
	)
}

export function AppShell({ shell, children }: { shell: ShellData; children: React.ReactNode }) {
	return (
		<div className="app-shell">
			<Sidebar shell={shell} />
			<div className="app-main">
				<Header shell={shell} />
				<main className="app-content">{children}</main>
			</div>
		</div>
	)
}
