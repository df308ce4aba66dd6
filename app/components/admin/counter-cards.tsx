import { Card, Grid, Text } from '@radix-ui/themes'

export type Counter = { key: string; label: string; value: number }

/** A row of counters (label, big number); with a testId, the grid is `${testId}s` and each card `${testId}-${key}`. */
export function CounterCards({ counters, testId }: { counters: ReadonlyArray<Counter>; testId?: string }) {
	return (
		<Grid columns={{ initial: '2', md: '4' }} gap="3" data-testid={testId ? `${testId}s` : undefined}>
			{counters.map(({ key, label, value }) => (
				<Card key={key} data-testid={testId ? `${testId}-${key}` : undefined}>
					<Text as="div" size="1" color="gray">
						{label}
					</Text>
					<Text as="div" size="7" weight="bold" data-testid="count-value">
						{value.toLocaleString('de-CH')}
					</Text>
				</Card>
			))}
		</Grid>
	)
}
