import { Tooltip as ThemesTooltip } from '@radix-ui/themes'
import { Tooltip as TooltipPrimitive } from 'radix-ui'
import type { ReactElement, ReactNode } from 'react'

/** Radix Themes' tooltip with the provider the root theme no longer renders (theme-primitives.ts); the delay is the Theme's. */
export function TooltipPopup({ content, defaultOpen, children }: { content: ReactNode; defaultOpen: boolean; children: ReactElement }) {
	return (
		<TooltipPrimitive.Provider delayDuration={200}>
			<ThemesTooltip content={content} defaultOpen={defaultOpen}>
				{children}
			</ThemesTooltip>
		</TooltipPrimitive.Provider>
	)
}
