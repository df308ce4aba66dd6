import { IconButton } from '@radix-ui/themes'
import { X } from 'lucide-react'
import { Dialog, VisuallyHidden } from 'radix-ui'
import type { RefObject } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { ShellData } from '#app/server/shell.server.ts'
import { Brand, NavPanel } from './sidebar.tsx'
import '#locales/ns/layout.ts'

/**
 * The phone's main navigation as a drawer (Radix Dialog: focus trapped, Escape and the close button
 * close it). Loaded on the menu button's first use (phone-bar.tsx); the focus goes back to that button.
 */
export function PhoneDrawer({ shell, open, onOpenChange, menuButton }: { shell: ShellData; open: boolean; onOpenChange: (open: boolean) => void; menuButton: RefObject<HTMLButtonElement | null> }) {
	const { t } = useTranslation('layout')
	const close = () => onOpenChange(false)
	return (
		<Dialog.Root open={open} onOpenChange={onOpenChange}>
			{/* No portal: the drawer stays inside the Radix theme (its colours and fonts). */}
			<Dialog.Overlay className="drawer-overlay" />
			<Dialog.Content
				className="drawer"
				aria-describedby={undefined}
				data-testid="nav-drawer"
				onCloseAutoFocus={(event) => {
					event.preventDefault()
					menuButton.current?.focus()
				}}
			>
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
	)
}
