import type { TextProps as RadixTextProps } from '@radix-ui/themes'
import { createElement, type ComponentPropsWithoutRef, type ReactNode } from 'react'

// Server-cheap stand-ins for Radix Themes' Flex, Grid, Text, Heading, Badge and Card, for markup
// rendered many times per page (lists, cards, the app shell). They render the same elements, classes
// and attributes as Radix Themes does for the props they accept (lean.test.tsx compares both for
// every prop), so CSS and look are Radix Themes' own. Radix's components run a generic prop
// extraction over some sixty prop definitions and, for Text and Heading, a Slot: about 13 µs per
// component on the server against under 1 µs for a plain element. Props outside this subset are a
// type error here: use the Radix component for those.

type Breakpoint = 'initial' | 'xs' | 'sm' | 'md' | 'lg' | 'xl'
type Responsive<T extends string> = T | Partial<Record<Breakpoint, T>>
type Space = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
type Margin = Space | '-1' | '-2' | '-3' | '-4' | '-5' | '-6' | '-7' | '-8' | '-9'
type Size9 = Exclude<Space, '0'>
type Color = NonNullable<RadixTextProps['color']>

type PaddingProps = { p?: Responsive<Space>; px?: Responsive<Space>; py?: Responsive<Space>; pt?: Responsive<Space>; pr?: Responsive<Space>; pb?: Responsive<Space>; pl?: Responsive<Space> }
type MarginProps = { m?: Responsive<Margin>; mx?: Responsive<Margin>; my?: Responsive<Margin>; mt?: Responsive<Margin>; mr?: Responsive<Margin>; mb?: Responsive<Margin>; ml?: Responsive<Margin> }

/** `rt-r-gap-3`, `md:rt-r-gap-3`, `-rt-r-mt-2`: Radix Themes' responsive class names. */
function responsive(prefix: string, value: Responsive<string> | undefined, parse?: (value: string) => string): string {
	if (value === undefined) return ''
	const one = (v: string) => {
		const parsed = parse ? parse(v) : v
		return parsed.startsWith('-') ? `-${prefix}-${parsed.slice(1)}` : `${prefix}-${parsed}`
	}
	if (typeof value === 'string') return one(value)
	let classes = ''
	for (const [breakpoint, v] of Object.entries(value)) {
		if (v === undefined) continue
		classes += `${classes ? ' ' : ''}${breakpoint === 'initial' ? one(v) : `${breakpoint}:${one(v)}`}`
	}
	return classes
}

function join(...classes: Array<string | false | undefined>) {
	let result = ''
	for (const c of classes) if (c) result += result ? ` ${c}` : c
	return result
}

function marginClasses({ m, mx, my, mt, mr, mb, ml }: MarginProps) {
	return join(responsive('rt-r-m', m), responsive('rt-r-mx', mx), responsive('rt-r-my', my), responsive('rt-r-mt', mt), responsive('rt-r-mr', mr), responsive('rt-r-mb', mb), responsive('rt-r-ml', ml))
}

function paddingClasses({ p, px, py, pt, pr, pb, pl }: PaddingProps) {
	return join(responsive('rt-r-p', p), responsive('rt-r-px', px), responsive('rt-r-py', py), responsive('rt-r-pt', pt), responsive('rt-r-pr', pr), responsive('rt-r-pb', pb), responsive('rt-r-pl', pl))
}

const between = (value: string) => (value === 'between' ? 'space-between' : value)

type DivProps = Omit<ComponentPropsWithoutRef<'div'>, 'color'>

type BoxLayoutProps = PaddingProps &
	MarginProps & {
		align?: Responsive<'start' | 'center' | 'end' | 'baseline' | 'stretch'>
		justify?: Responsive<'start' | 'center' | 'end' | 'between'>
		gap?: Responsive<Space>
		gapX?: Responsive<Space>
		gapY?: Responsive<Space>
	}

/** What Flex and Grid share: alignment, gaps, padding and margin classes. */
function boxLayoutClasses({ align, justify, gap, gapX, gapY, p, px, py, pt, pr, pb, pl, m, mx, my, mt, mr, mb, ml }: BoxLayoutProps) {
	return join(
		responsive('rt-r-ai', align),
		responsive('rt-r-jc', justify, between),
		responsive('rt-r-gap', gap),
		responsive('rt-r-cg', gapX),
		responsive('rt-r-rg', gapY),
		paddingClasses({ p, px, py, pt, pr, pb, pl }),
		marginClasses({ m, mx, my, mt, mr, mb, ml }),
	)
}

/** Radix's `<Flex asChild><ul>…</ul></Flex>` is `<Flex as="ul">…</Flex>` here. */
type FlexElement = 'div' | 'span' | 'ul' | 'ol' | 'li' | 'nav' | 'section' | 'article' | 'header' | 'footer'

export type FlexProps = DivProps &
	BoxLayoutProps & {
		as?: FlexElement
		direction?: Responsive<'row' | 'column' | 'row-reverse' | 'column-reverse'>
		wrap?: Responsive<'nowrap' | 'wrap' | 'wrap-reverse'>
	}

export function Flex({ as = 'div', direction, wrap, align, justify, gap, gapX, gapY, p, px, py, pt, pr, pb, pl, m, mx, my, mt, mr, mb, ml, className, ...rest }: FlexProps) {
	const layout = boxLayoutClasses({ align, justify, gap, gapX, gapY, p, px, py, pt, pr, pb, pl, m, mx, my, mt, mr, mb, ml })
	const classes = join('rt-Flex', responsive('rt-r-fd', direction), responsive('rt-r-fw', wrap), layout, className)
	return createElement(as, { ...rest, className: classes })
}

export type GridProps = DivProps &
	BoxLayoutProps & {
		as?: 'div' | 'span'
		columns?: Responsive<Size9>
		rows?: Responsive<Size9>
	}

export function Grid({ as = 'div', columns, rows, align, justify, gap, gapX, gapY, p, px, py, pt, pr, pb, pl, m, mx, my, mt, mr, mb, ml, className, ...rest }: GridProps) {
	const layout = boxLayoutClasses({ align, justify, gap, gapX, gapY, p, px, py, pt, pr, pb, pl, m, mx, my, mt, mr, mb, ml })
	const classes = join('rt-Grid', responsive('rt-r-gtc', columns), responsive('rt-r-gtr', rows), layout, className)
	return createElement(as, { ...rest, className: classes })
}

type TypographyProps = MarginProps & {
	weight?: Responsive<'light' | 'regular' | 'medium' | 'bold'>
	align?: Responsive<'left' | 'center' | 'right'>
	trim?: Responsive<'normal' | 'start' | 'end' | 'both'>
	wrap?: Responsive<'wrap' | 'nowrap' | 'pretty' | 'balance'>
	truncate?: boolean
	color?: Color
	highContrast?: boolean
}

function typographyClasses(base: string, size: string, { weight, align, trim, wrap, truncate, highContrast, m, mx, my, mt, mr, mb, ml }: TypographyProps, className: string | undefined) {
	return join(
		base,
		size,
		responsive('rt-r-weight', weight),
		responsive('rt-r-ta', align),
		responsive('rt-r-lt', trim),
		truncate && 'rt-truncate',
		responsive('rt-r-tw', wrap),
		highContrast && 'rt-high-contrast',
		marginClasses({ m, mx, my, mt, mr, mb, ml }),
		className,
	)
}

type ElementProps<E extends keyof React.JSX.IntrinsicElements> = Omit<ComponentPropsWithoutRef<E>, 'color'>

export type TextProps = ElementProps<'span'> &
	Pick<ElementProps<'label'>, 'htmlFor'> &
	TypographyProps & { as?: 'span' | 'div' | 'label' | 'p'; size?: Responsive<Size9>; children?: ReactNode }

export function Text({ as = 'span', size, weight, align, trim, wrap, truncate, color, highContrast, m, mx, my, mt, mr, mb, ml, className, ...rest }: TextProps) {
	const classes = typographyClasses('rt-Text', responsive('rt-r-size', size), { weight, align, trim, wrap, truncate, highContrast, m, mx, my, mt, mr, mb, ml }, className)
	return createElement(as, { 'data-accent-color': color, ...rest, className: classes })
}

export type HeadingProps = ElementProps<'h1'> & TypographyProps & { as?: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6'; size?: Responsive<Size9> }

export function Heading({ as = 'h1', size = '6', weight, align, trim, wrap, truncate, color, highContrast, m, mx, my, mt, mr, mb, ml, className, ...rest }: HeadingProps) {
	const classes = typographyClasses('rt-Heading', responsive('rt-r-size', size), { weight, align, trim, wrap, truncate, highContrast, m, mx, my, mt, mr, mb, ml }, className)
	return createElement(as, { 'data-accent-color': color, ...rest, className: classes })
}

export type BadgeProps = ElementProps<'span'> &
	MarginProps & {
		size?: Responsive<'1' | '2' | '3'>
		variant?: 'solid' | 'soft' | 'surface' | 'outline'
		color?: Color
		highContrast?: boolean
		radius?: 'none' | 'small' | 'medium' | 'large' | 'full'
	}

export function Badge({ size = '1', variant = 'soft', color, highContrast, radius, m, mx, my, mt, mr, mb, ml, className, ...rest }: BadgeProps) {
	const classes = join('rt-reset', 'rt-Badge', responsive('rt-r-size', size), `rt-variant-${variant}`, highContrast && 'rt-high-contrast', marginClasses({ m, mx, my, mt, mr, mb, ml }), className)
	return createElement('span', { 'data-accent-color': color ?? '', 'data-radius': radius, ...rest, className: classes })
}

/** Radix's `<Card asChild><article>…</article></Card>` is `<Card as="article">…</Card>` here. */
export type CardProps = DivProps & MarginProps & { as?: 'div' | 'article' | 'section' | 'li'; size?: Responsive<'1' | '2' | '3' | '4' | '5'>; variant?: 'surface' | 'classic' | 'ghost' }

export function Card({ as = 'div', size = '1', variant = 'surface', m, mx, my, mt, mr, mb, ml, className, ...rest }: CardProps) {
	const classes = join('rt-reset', 'rt-BaseCard', 'rt-Card', responsive('rt-r-size', size), `rt-variant-${variant}`, marginClasses({ m, mx, my, mt, mr, mb, ml }), className)
	return createElement(as, { ...rest, className: classes })
}
