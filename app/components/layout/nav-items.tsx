import { Bot, Calendar, FileText, LayoutDashboard, ListChecks, Mail, Newspaper, PenSquare, Settings, Shield, Sparkles, Wrench } from 'lucide-react'
import { NavLink } from 'react-router'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { ShellData } from '#app/server/shell.server.ts'
import '#locales/ns/layout.ts'

export type NavItem = { to: string; label: string; icon: React.ReactNode; end?: boolean }
export type NavGroups = { groups: Array<{ title?: string; items: Array<NavItem> }>; bottom: Array<NavItem> }

/** The main navigation's entries, shared by the desktop sidebar and the phone drawer. */
export function useNavItems(shell: ShellData): NavGroups {
	const { t } = useTranslation('layout')
	return {
		groups: [
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
		],
		bottom: [
			...(shell.user.isAdmin ? [{ to: '/admin', label: t('nav.adminPanel'), icon: <Shield size={18} /> }] : []),
			{ to: '/agent', label: t('nav.myAgent'), icon: <Bot size={18} /> },
			{ to: '/settings', label: t('nav.settings'), icon: <Settings size={18} /> },
			...(shell.showDevTools ? [{ to: '/dev/mailbox', label: t('devMailbox'), icon: <Mail size={18} /> }] : []),
		],
	}
}

export function SideLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
	return (
		<NavLink to={item.to} end={item.end} onClick={onNavigate} className={({ isActive }) => `side-link${isActive ? ' active' : ''}`}>
			{item.icon}
			<span>{item.label}</span>
		</NavLink>
	)
}
