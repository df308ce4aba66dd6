import { Card, Grid, Text } from '@radix-ui/themes'
import { formatNumber } from '#app/utils/format.ts'

export type Counter = { key: string; label: string; value: number }

/** The counters above an admin list: a card each with its label and number; with a testId, the grid is `${testId}s` and each card `${testId}-${key}`. */
export function CounterCards({ counters, testId }: { counters: ReadonlyArray<Counter>; testId?: string }) {
	return (
		<Grid columns={{ initial: '2', md: String(Math.min(4, counters.length)) }} gap="3" data-testid={testId ? `${testId}s` : undefined}>
			{counters.map(({ key, label, value }) => (
				<Card key={key} data-testid={testId ? `${testId}-${key}` : undefined}>
					<Text as="div" size="1" color="gray">
						{label}
					</Text>
					<Text as="div" size="7" weight="bold" data-testid="count-value">
						{formatNumber(value)}
					</Text>
				</Card>
			))}
		</Grid>
	)
}
