import { Flex as RadixFlex, Spinner, VisuallyHidden, type ButtonProps as RadixButtonProps } from '@radix-ui/themes'
import { createElement, forwardRef, type ComponentPropsWithoutRef } from 'react'

// Server-cheap stand-ins for Radix Themes' Button, IconButton and the table's rows and cells, for
// markup rendered once per list item (lean.tsx has the layout and text components, and says why).
// They render the same elements, classes and attributes as Radix Themes for the props they accept
// (lean-controls.test.tsx compares both); other props are a type error: use Radix's component there.

type Color = NonNullable<RadixButtonProps['color']>

export type ButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'color'> & {
	size?: '1' | '2' | '3' | '4'
	variant?: 'classic' | 'solid' | 'soft' | 'surface' | 'outline' | 'ghost'
	color?: Color
	highContrast?: boolean
	radius?: 'none' | 'small' | 'medium' | 'large' | 'full'
	loading?: boolean
}

const spinnerSize = { '1': '1', '2': '2', '3': '2', '4': '3' } as const

/** The classes of Radix Themes' Button or IconButton, e.g. for `<Button asChild><Link>` as a plain `<Link>` (with `data-accent-color=""`). */
export function buttonClassName(kind: 'rt-Button' | 'rt-IconButton', { size = '2', variant = 'solid', highContrast, loading, className }: Pick<ButtonProps, 'size' | 'variant' | 'highContrast' | 'loading' | 'className'> = {}) {
	let classes = `rt-reset rt-BaseButton rt-r-size-${size} rt-variant-${variant}`
	if (highContrast) classes += ' rt-high-contrast'
	if (loading) classes += ' rt-loading'
	classes += ` ${kind}`
	if (className) classes += ` ${className}`
	return classes
}

function baseButton(kind: 'rt-Button' | 'rt-IconButton') {
	const Component = forwardRef<HTMLButtonElement, ButtonProps>(function LeanButton({ size = '2', variant = 'solid', color, highContrast, radius, loading = false, disabled = loading, className, children, ...rest }, ref) {
		const classes = buttonClassName(kind, { size, variant, highContrast, loading, className })
		return createElement(
			'button',
			{ 'data-disabled': disabled || undefined, 'data-accent-color': color ?? '', 'data-radius': radius, ...rest, ref, className: classes, disabled },
			loading
				? [
						createElement('span', { key: 'hidden', style: { display: 'contents', visibility: 'hidden' }, 'aria-hidden': true }, children),
						createElement(VisuallyHidden, { key: 'label' }, children),
						createElement(RadixFlex, { key: 'spinner', asChild: true, align: 'center', justify: 'center', position: 'absolute', inset: '0' }, createElement('span', null, createElement(Spinner, { size: spinnerSize[size] }))),
					]
				: children,
		)
	})
	return Component
}

export const Button = baseButton('rt-Button')
export const IconButton = baseButton('rt-IconButton')

export type TableRowProps = ComponentPropsWithoutRef<'tr'> & { align?: 'start' | 'center' | 'end' | 'baseline' }
const rowAlign = { start: 'top', center: 'middle', end: 'bottom', baseline: 'baseline' } as const

export function TableRow({ align, className, ...rest }: TableRowProps) {
	let classes = 'rt-TableRow'
	if (align) classes += ` rt-r-va-${rowAlign[align]}`
	if (className) classes += ` ${className}`
	return createElement('tr', { ...rest, className: classes })
}

export function TableCell({ className, ...rest }: ComponentPropsWithoutRef<'td'>) {
	return createElement('td', { ...rest, className: className ? `rt-TableCell ${className}` : 'rt-TableCell' })
}

export function TableColumnHeaderCell({ className, ...rest }: ComponentPropsWithoutRef<'th'>) {
	return createElement('th', { scope: 'col', ...rest, className: `rt-TableCell rt-TableColumnHeaderCell${className ? ` ${className}` : ''}` })
}

export function TableRowHeaderCell({ className, ...rest }: ComponentPropsWithoutRef<'th'>) {
	return createElement('th', { scope: 'row', ...rest, className: `rt-TableCell rt-TableRowHeaderCell${className ? ` ${className}` : ''}` })
}
