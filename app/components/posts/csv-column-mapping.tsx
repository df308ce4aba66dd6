import { Button, Callout, Flex, Grid, Text, TextField } from '@radix-ui/themes'
import { useState } from 'react'
import { NativeSelect } from '#app/components/native-select.tsx'
import { useFixedT } from '#app/utils/use-fixed-t.ts'
import { CSV_MAPPABLE, type CsvMappable, type CsvMapping, type CsvMappingProposal } from '#modules/content/csv-columns.ts'
import '#locales/ns/csvImport.ts'

const UNUSED = ''

/**
 * 'Spalten zuordnen': a file whose columns are not Postwerk's (another tool's export) — each Postwerk
 * column gets one of the file's columns (the guesses preselected), and rows without networks get the
 * networks typed here. The server reads the file again with the mapping.
 */
export function ColumnMapping({ proposal, disabled, onApply }: { proposal: CsvMappingProposal; disabled: boolean; onApply: (mapping: CsvMapping) => void }) {
	const t = useFixedT('csvImport')
	const [columns, setColumns] = useState<Partial<Record<CsvMappable, number>>>(proposal.guess)
	const [networks, setNetworks] = useState('')
	const options = [{ value: UNUSED, label: t('mapping.unused') }, ...proposal.headers.map((header, index) => ({ value: String(index), label: header || t('mapping.column', { number: index + 1 }) }))]
	const ready = columns.text !== undefined && (columns.netzwerke !== undefined || columns.kanal !== undefined || networks.trim() !== '')

	return (
		<Flex direction="column" gap="3" data-testid="csv-column-mapping">
			<Callout.Root color="blue" size="1">
				<Callout.Text>{t('mapping.intro')}</Callout.Text>
			</Callout.Root>
			<Grid columns={{ initial: '1', sm: '2' }} gapX="4" gapY="2">
				{CSV_MAPPABLE.map((column) => (
					<Flex key={column} direction="column" gap="1">
						<Text as="label" htmlFor={`csv-map-${column}`} size="2" weight="medium">
							{t(`mapping.target.${column}`)}
						</Text>
						<NativeSelect
							id={`csv-map-${column}`}
							value={columns[column] === undefined ? UNUSED : String(columns[column])}
							disabled={disabled}
							options={options}
							onChange={(event) => {
								const value = event.currentTarget.value
								setColumns((current) => ({ ...current, [column]: value === UNUSED ? undefined : Number(value) }))
							}}
						/>
					</Flex>
				))}
			</Grid>
			<Flex direction="column" gap="1">
				<Text as="label" htmlFor="csv-map-networks" size="2" weight="medium">
					{t('mapping.networks')}
				</Text>
				<TextField.Root id="csv-map-networks" value={networks} disabled={disabled} placeholder={t('mapping.networksPlaceholder')} onChange={(event) => setNetworks(event.currentTarget.value)} />
				<Text size="1" color="gray">
					{t('mapping.networksHint')}
				</Text>
			</Flex>
			{!ready ? (
				<Text size="2" color="gray">
					{t('mapping.needed')}
				</Text>
			) : null}
			<Flex justify="end">
				<Button type="button" disabled={disabled || !ready} onClick={() => onApply({ columns: Object.fromEntries(Object.entries(columns).filter(([, index]) => index !== undefined)), networks })}>
					{t('mapping.apply')}
				</Button>
			</Flex>
		</Flex>
	)
}
