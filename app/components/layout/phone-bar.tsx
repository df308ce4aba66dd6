import { IconButton } from '@radix-ui/themes'
import { Menu, X } from 'lucide-react'
import { Dialog, VisuallyHidden } from 'radix-ui'
import { useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { ShellData } from '#app/server/shell.server.ts'
import { DraftsBell } from './drafts-bell.tsx'
import { Brand, NavPanel } from './sidebar.tsx'
import '#locales/ns/layout.ts'

/**
 * Phones and tablets (below the desktop breakpoint, app-shell.css): a top bar with the menu button,
 * the brand and the drafts bell; the menu opens the main navigation as a drawer (Radix Dialog: focus
 * trapped, Escape and the close button close it). Rendered on every width, CSS shows it.
 */
export function PhoneBar({ shell }: { shell: ShellData }) {
	const { t } = useTranslation('layout')
	const [open, setOpen] = useState(false)
	const close = () => setOpen(false)
	return (
		<div className="phone-bar">
			<Dialog.Root open={open} onOpenChange={setOpen}>
				<Dialog.Trigger asChild>
					<IconButton variant="ghost" color="gray" size="3" className="tap-target" aria-label={t('nav.openMenu')} data-testid="menu-button">
						<Menu size={22} />
					</IconButton>
				</Dialog.Trigger>
				{/* No portal: the drawer stays inside the Radix theme (its colours and fonts). */}
				<Dialog.Overlay className="drawer-overlay" />
				<Dialog.Content className="drawer" aria-describedby={undefined} data-testid="nav-drawer">
					<VisuallyHidden.Root>
						<Dialog.Title>{t('nav.menu')}</Dialog.Title>
					</VisuallyHidden.Root>
					<nav aria-label={t('nav.mainNavigation')} className="drawer-nav">
						<div className="drawer-head">
							<Brand onNavigate={close} />
							<Dialog.Close asChild>
								<IconButton variant="ghost" color="gray" size="3" className="tap-target" aria-label={t('nav.closeMenu')}>
									<X size={22} />
								</IconButton>
							</Dialog.Close>
						</div>
						<NavPanel shell={shell} onNavigate={close} />
					</nav>
				</Dialog.Content>
			</Dialog.Root>
			<Brand />
			<DraftsBell count={shell.draftsCount} testId="phone-drafts-badge" />
		</div>
	)
}
