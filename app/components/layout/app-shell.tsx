import { Box, Button } from '@radix-ui/themes'
import { Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'
import { HeaderSearch } from '#app/components/search/header-search.tsx'
import type { ShellData } from '#app/server/shell.server.ts'
import { BrandSwitcher } from './brand-switcher.tsx'
import { DraftsBell } from './drafts-bell.tsx'
import { NavIcon } from './nav-icon.tsx'
import { PhoneBar } from './phone-bar.tsx'
import { Sidebar } from './sidebar.tsx'
import './app-shell.css'
import '#locales/ns/layout.ts'

function Header({ shell }: { shell: ShellData }) {
	const { t } = useTranslation('layout')
	const name = shell.firstName ?? t('greeting.fallbackName')
	const line = t('greeting.line', { greeting: t(`greeting.${shell.greeting}`), name })
	return (
		<header className="app-header" data-toasts-below>
			<Box className="header-greeting">
				{/* A long name is cut with an ellipsis; the whole line stays in the title. */}
				<Heading as="h1" size="6" className="header-title" title={line}>
					{line}
				</Heading>
				<Text color="gray" size="2" className="header-subtitle">
					{t('greeting.subtitle')}
				</Text>
			</Box>
			<Flex gap="3" align="center" className="header-actions">
				<BrandSwitcher brands={shell.brands} className="header-brand-switcher" testId="brand-switcher" />
				<HeaderSearch />
				<Button asChild className="tap-target">
					<Link to="/create">
						<NavIcon name="square-pen" size={16} /> {t('createPost')}
					</Link>
				</Button>
				<DraftsBell count={shell.draftsCount} className="header-bell" />
			</Flex>
		</header>
	)
}

export function AppShell({ shell, children }: { shell: ShellData; children: React.ReactNode }) {
	return (
		<div className="app-shell">
			<Sidebar shell={shell} />
			<div className="app-main">
				<PhoneBar shell={shell} />
				<Header shell={shell} />
				<main className="app-content">{children}</main>
			</div>
		</div>
	)
}
