import { Flex, Heading, Text } from '#app/components/ui/lean.tsx'

export function SectionHeading({ id, eyebrow, title, subtitle }: { id: string; eyebrow: string; title: string; subtitle?: string }) {
	return (
		<Flex direction="column" align="center" gap="3" mb="8" style={{ textAlign: 'center' }}>
			<Text size="2" weight="bold" color="indigo" style={{ textTransform: 'uppercase', letterSpacing: '0.08em' }}>
				{eyebrow}
			</Text>
			<Heading as="h2" id={id} size={{ initial: '7', md: '8' }}>
				{title}
			</Heading>
			{subtitle ? (
				<Text as="p" size="4" color="gray" style={{ maxWidth: '40rem' }}>
					{subtitle}
				</Text>
			) : null}
		</Flex>
	)
}
