import { Badge as RadixBadge, Card as RadixCard, Flex as RadixFlex, Grid as RadixGrid, Heading as RadixHeading, Text as RadixText, type BadgeProps as RadixBadgeProps, type CardProps as RadixCardProps, type FlexProps as RadixFlexProps, type GridProps as RadixGridProps, type HeadingProps as RadixHeadingProps, type TextProps as RadixTextProps } from '@radix-ui/themes'
const Radix = { Badge: RadixBadge, Card: RadixCard, Flex: RadixFlex, Grid: RadixGrid, Heading: RadixHeading, Text: RadixText }
import { describe, test } from 'vitest'
import * as Lean from './lean.tsx'
import { same } from './same-markup.ts'

const margins = [{ m: '2' }, { mx: '3', my: '1' }, { mt: '4', mb: '-2' }, { mr: '0', ml: '9' }, { mt: { initial: '1', md: '3' } }] as const
const paddings = [{ p: '3' }, { px: '2', py: '4' }, { pt: '1', pr: '0', pb: '9', pl: '5' }, { p: { initial: '2', md: '4' } }] as const
const common = [{}, { className: 'extra', id: 'x', 'data-testid': 't', 'aria-label': 'Name', style: { color: 'red' } }, ...margins] as const

describe('lean components render what Radix Themes renders', () => {
	test('Flex', () => {
		const cases: Array<Lean.FlexProps> = [
			...common,
			{ as: 'span' },
			{ direction: 'column' },
			{ direction: { initial: 'column', sm: 'row' } },
			...(['start', 'center', 'end', 'baseline', 'stretch'] as const).map((align) => ({ align })),
			...(['start', 'center', 'end', 'between'] as const).map((justify) => ({ justify })),
			{ justify: { initial: 'start', lg: 'between' } },
			...(['nowrap', 'wrap', 'wrap-reverse'] as const).map((wrap) => ({ wrap })),
			{ gap: '0' },
			{ gap: '3', gapX: '1', gapY: '5' },
			{ gap: { initial: '2', md: '4' } },
			...paddings,
		]
		for (const props of cases) same(<Lean.Flex {...props}>x</Lean.Flex>, <Radix.Flex {...(props as RadixFlexProps)}>x</Radix.Flex>)
		for (const as of ['ul', 'ol', 'li', 'nav', 'section', 'article', 'header', 'footer'] as const) {
			const Tag = as
			same(
				<Lean.Flex as={as} direction="column" gap="2" style={{ margin: 0 }} data-testid="list">
					x
				</Lean.Flex>,
				<Radix.Flex asChild direction="column" gap="2">
					<Tag style={{ margin: 0 }} data-testid="list">
						x
					</Tag>
				</Radix.Flex>,
			)
		}
	})

	test('Grid', () => {
		const cases: Array<Lean.GridProps> = [
			...common,
			{ columns: '2' },
			{ columns: { initial: '1', sm: '2', md: '3', lg: '4' } },
			{ rows: '3' },
			{ align: 'center', justify: 'between', gap: '4', gapX: '2', gapY: '1' },
			{ as: 'span', gap: { initial: '2', xl: '6' } },
			...paddings,
		]
		for (const props of cases) same(<Lean.Grid {...props}>x</Lean.Grid>, <Radix.Grid {...(props as RadixGridProps)}>x</Radix.Grid>)
	})

	const typography = [
		...common,
		...(['light', 'regular', 'medium', 'bold'] as const).map((weight) => ({ weight })),
		...(['left', 'center', 'right'] as const).map((align) => ({ align })),
		{ trim: 'both' },
		{ wrap: 'nowrap' },
		{ truncate: true },
		{ color: 'gray' },
		{ color: 'red', highContrast: true },
		{ weight: { initial: 'regular', md: 'bold' } },
	] as const

	test('Text', () => {
		const cases: Array<Lean.TextProps> = [
			...typography,
			...(['span', 'div', 'label', 'p'] as const).map((as) => ({ as })),
			{ as: 'label', htmlFor: 'field' },
			...(['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const).map((size) => ({ size })),
			{ size: { initial: '2', md: '4' } },
			{ as: 'div', size: '6', weight: 'bold', color: 'gray', mt: '2' },
		]
		for (const props of cases) same(<Lean.Text {...props}>x</Lean.Text>, <Radix.Text {...(props as RadixTextProps)}>x</Radix.Text>)
	})

	test('Heading', () => {
		const cases: Array<Lean.HeadingProps> = [...typography, ...(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((as) => ({ as })), { as: 'h2', size: '4', mb: '3' }, { size: { initial: '5', md: '7' } }]
		for (const props of cases) same(<Lean.Heading {...props}>x</Lean.Heading>, <Radix.Heading {...(props as RadixHeadingProps)}>x</Radix.Heading>)
	})

	test('Badge', () => {
		const cases: Array<Lean.BadgeProps> = [
			...common,
			...(['1', '2', '3'] as const).map((size) => ({ size })),
			...(['solid', 'soft', 'surface', 'outline'] as const).map((variant) => ({ variant })),
			{ color: 'green' },
			{ color: 'red', variant: 'solid', radius: 'full' },
			{ highContrast: true },
		]
		for (const props of cases) same(<Lean.Badge {...props}>x</Lean.Badge>, <Radix.Badge {...(props as RadixBadgeProps)}>x</Radix.Badge>)
	})

	test('Card', () => {
		const cases: Array<Lean.CardProps> = [...common, ...(['1', '2', '3', '4', '5'] as const).map((size) => ({ size })), ...(['surface', 'classic', 'ghost'] as const).map((variant) => ({ variant })), { size: { initial: '2', md: '3' } }]
		for (const props of cases) same(<Lean.Card {...props}>x</Lean.Card>, <Radix.Card {...(props as RadixCardProps)}>x</Radix.Card>)
		for (const as of ['article', 'section', 'li'] as const) {
			const Tag = as
			same(
				<Lean.Card as={as} size="2" aria-label="Modell">
					x
				</Lean.Card>,
				<Radix.Card asChild size="2">
					<Tag aria-label="Modell">x</Tag>
				</Radix.Card>,
			)
		}
	})
})
