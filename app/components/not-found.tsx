import { Button } from '@radix-ui/themes'
import { Flex, Heading, Text } from '#app/components/ui/lean.tsx'
import { useTranslation } from '#app/utils/use-translation.ts'
import { Link } from 'react-router'

export function NotFound() {
	const { t } = useTranslation()
	return (
		<Flex direction="column" align="center" justify="center" gap="4" style={{ minHeight: '100vh', padding: '2rem' }}>
			<Text size="9" weight="bold" color="indigo">
				{t('notFound.code')}
			</Text>
			<Heading as="h1" size="7">
				{t('notFound.title')}
			</Heading>
			<Text color="gray">{t('notFound.text')}</Text>
			<Button asChild size="3">
				<Link to="/">{t('backToStart')}</Link>
			</Button>
		</Flex>
	)
}
