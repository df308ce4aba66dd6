import { Button as RadixButton, IconButton as RadixIconButton, Table, type ButtonProps as RadixButtonProps } from '@radix-ui/themes'
import { describe, test } from 'vitest'
import * as Lean from './lean-controls.tsx'
import { same } from './same-markup.ts'

const buttonCases: Array<Lean.ButtonProps & { 'data-testid'?: string }> = [
	{},
	{ className: 'extra', id: 'x', 'data-testid': 't', 'aria-label': 'Name', style: { color: 'red' }, type: 'submit', title: 'Hinweis', 'aria-haspopup': 'dialog' },
	...(['1', '2', '3', '4'] as const).map((size) => ({ size })),
	...(['classic', 'solid', 'soft', 'surface', 'outline', 'ghost'] as const).map((variant) => ({ variant })),
	{ color: 'red' },
	{ color: 'amber', highContrast: true, radius: 'full' },
	{ disabled: true },
	{ disabled: false, loading: true },
	...(['1', '2', '3', '4'] as const).map((size) => ({ size, loading: true })),
	{ loading: true, disabled: true, variant: 'soft', color: 'purple' },
	{ 'aria-pressed': true, variant: 'ghost', color: 'gray' },
]

describe('lean controls render what Radix Themes renders', () => {
	test('Button and IconButton', () => {
		for (const props of buttonCases) {
			same(<Lean.Button {...props}>Speichern</Lean.Button>, <RadixButton {...(props as RadixButtonProps)}>Speichern</RadixButton>)
			same(
				<Lean.IconButton {...props}>
					<svg />
				</Lean.IconButton>,
				<RadixIconButton {...(props as RadixButtonProps)}>
					<svg />
				</RadixIconButton>,
			)
		}
	})

	test('table rows and cells', () => {
		for (const props of [{}, { align: 'center' }, { align: 'start' }, { align: 'end' }, { align: 'baseline' }, { className: 'extra', 'data-testid': 'row', id: 'r' }] as const) {
			same(
				<table>
					<tbody>
						<Lean.TableRow {...props}>
							<td />
						</Lean.TableRow>
					</tbody>
				</table>,
				<table>
					<tbody>
						<Table.Row {...props}>
							<td />
						</Table.Row>
					</tbody>
				</table>,
			)
		}
		for (const props of [{}, { className: 'extra', 'data-testid': 'credits', colSpan: 2 }] as const) {
			same(
				<table>
					<tbody>
						<tr>
							<Lean.TableCell {...props}>x</Lean.TableCell>
							<Lean.TableRowHeaderCell {...props}>y</Lean.TableRowHeaderCell>
							<Lean.TableColumnHeaderCell {...props}>z</Lean.TableColumnHeaderCell>
						</tr>
					</tbody>
				</table>,
				<table>
					<tbody>
						<tr>
							<Table.Cell {...props}>x</Table.Cell>
							<Table.RowHeaderCell {...props}>y</Table.RowHeaderCell>
							<Table.ColumnHeaderCell {...props}>z</Table.ColumnHeaderCell>
						</tr>
					</tbody>
				</table>,
			)
		}
	})
})
