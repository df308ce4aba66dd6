import { Flex, RadioCards, Text } from '@radix-ui/themes'

type Option<T extends string> = { value: T; label: string; description?: string }

/** A labelled single choice rendered as Radix radio cards (role radiogroup, arrow-key navigation). */
export function OptionCards<T extends string>({
	labelId,
	value,
	options,
	onChange,
	columns,
}: {
	labelId: string
	value: T | ''
	options: ReadonlyArray<Option<T>>
	onChange: (value: T) => void
	columns: React.ComponentProps<typeof RadioCards.Root>['columns']
}) {
	return (
		<RadioCards.Root
			aria-labelledby={labelId}
			value={value}
			onValueChange={(next) => onChange(next as T)}
			columns={columns}
			gap="2"
			size="1"
		>
			{options.map((option) => (
				<RadioCards.Item key={option.value} value={option.value}>
					<Flex direction="column" width="100%">
						<Text weight="bold">{option.label}</Text>
						{option.description ? (
							<Text size="1" color="gray">
								{option.description}
							</Text>
						) : null}
					</Flex>
				</RadioCards.Item>
			))}
		</RadioCards.Root>
	)
}
