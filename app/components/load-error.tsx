import { Button, Callout } from '@radix-ui/themes'
import { Flex } from '#app/components/ui/lean.tsx'
import { AlertTriangle } from 'lucide-react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useRevalidator } from 'react-router'

/** A route's data could not be loaded: the spec's 'Fehler beim Laden' with its text, and a retry. */
export function LoadError({ title, text }: { title: string; text: string }) {
	const { t } = useTranslation('common')
	const revalidator = useRevalidator()
	return (
		<Flex direction="column" gap="3" align="start">
			<Callout.Root color="red" role="alert">
				<Callout.Icon>
					<AlertTriangle size={16} />
				</Callout.Icon>
				<Callout.Text>
					<strong>{title}</strong> {text}
				</Callout.Text>
			</Callout.Root>
			<Button variant="soft" onClick={() => void revalidator.revalidate()} loading={revalidator.state !== 'idle'}>
				{t('retry')}
			</Button>
		</Flex>
	)
}
