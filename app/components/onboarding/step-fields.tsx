import { Flex, Text } from '#app/components/ui/lean.tsx'

/** Label, optional help text, the control and the row under it (error, counter). */
export function FieldBlock({
	label,
	htmlFor,
	labelId,
	help,
	children,
	footer,
}: {
	label: string
	htmlFor?: string
	labelId?: string
	help?: { id: string; text: string }
	children: React.ReactNode
	footer?: React.ReactNode
}) {
	return (
		<Flex direction="column" gap="2">
			<Flex direction="column" gap="1">
				<Text as={htmlFor ? 'label' : 'div'} htmlFor={htmlFor} id={labelId} size="2" weight="bold">
					{label}
				</Text>
				{help ? (
					<Text id={help.id} size="2" color="gray">
						{help.text}
					</Text>
				) : null}
			</Flex>
			{children}
			{footer ? (
				<Flex align="start" justify="between" gap="3">
					{footer}
				</Flex>
			) : null}
		</Flex>
	)
}
