import { IconButton } from '@radix-ui/themes'
import { useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import type { ShellData } from '#app/server/shell.server.ts'
import { BrandSwitcher } from './brand-switcher.tsx'
import { DraftsBell } from './drafts-bell.tsx'
import { NavIcon } from './nav-icon.tsx'
import { Brand } from './sidebar.tsx'
import '#locales/ns/layout.ts'

// The drawer (Radix Dialog with its focus trap, dismissable layer and scroll lock, ≈ 12 KB gzip) is
// fetched when the menu button is first touched, focused or clicked: most page views never open it,
// and on a desktop the phone bar is hidden.
type Drawer = (typeof import('./phone-drawer.tsx'))['PhoneDrawer']
let drawer: Drawer | undefined
let loading: Promise<Drawer> | undefined
const loadDrawer = () => (loading ??= import('./phone-drawer.tsx').then((module) => (drawer = module.PhoneDrawer)))

/**
 * Phones and tablets (below the desktop breakpoint, app-shell.css): a top bar with the menu button,
 * the brand and the drafts bell; the menu opens the main navigation as a drawer. Rendered on every
 * width, CSS shows it.
 */
export function PhoneBar({ shell }: { shell: ShellData }) {
	const { t } = useTranslation('layout')
	const [open, setOpen] = useState(false)
	const [Drawer, setDrawer] = useState<Drawer | undefined>(() => drawer)
	const menuButton = useRef<HTMLButtonElement>(null)
	const prefetch = () => void loadDrawer()
	const openMenu = () => {
		if (Drawer) return setOpen(true)
		void loadDrawer().then((loaded) => {
			setDrawer(() => loaded)
			setOpen(true)
		})
	}
	return (
		<div className="phone-bar" data-toasts-below>
			<IconButton
				ref={menuButton}
				variant="ghost"
				color="gray"
				size="3"
				className="tap-target"
				aria-label={t('nav.openMenu')}
				aria-haspopup="dialog"
				aria-expanded={open}
				data-state={open ? 'open' : 'closed'}
				data-testid="menu-button"
				onPointerDown={prefetch}
				onFocus={prefetch}
				onClick={openMenu}
			>
				<NavIcon name="menu" size={22} />
			</IconButton>
			{Drawer ? <Drawer shell={shell} open={open} onOpenChange={setOpen} menuButton={menuButton} /> : null}
			<Brand />
			<BrandSwitcher brands={shell.brands} className="phone-brand-switcher" testId="phone-brand-switcher" />
			<DraftsBell count={shell.draftsCount} testId="phone-drafts-badge" />
		</div>
	)
}
