import { Flex, Heading, Text } from '#app/components/ui/lean.tsx'

/** A page's title, a grey line below it and its actions on the right. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: React.ReactNode }) {
	return (
		<Flex justify="between" align="center" gap="3" wrap="wrap">
			<div>
				<Heading as="h2" size="7">
					{title}
				</Heading>
				{subtitle ? <Text color="gray">{subtitle}</Text> : null}
			</div>
			{children}
		</Flex>
	)
}
