import { Button, TextArea, TextField } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { Plus } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { addError, type AgentErrorKey } from '#modules/agents/schema.ts'
import '#locales/ns/agents.ts'

/**
 * An input with '+ Hinzufügen' for one of the preset's lists (training texts, post URLs,
 * specialties), checked with the shared rules before it is added.
 */
export function ListInput({
	kind,
	items,
	onAdd,
	label,
	placeholder,
	multiline = false,
}: {
	kind: 'trainingText' | 'postUrl' | 'specialty'
	items: ReadonlyArray<string>
	onAdd: (value: string) => void
	label: string
	placeholder?: string
	multiline?: boolean
}) {
	const { t } = useTranslation('agents')
	const id = useId()
	const errorId = `${id}-error`
	const [value, setValue] = useState('')
	const [error, setError] = useState<AgentErrorKey | null>(null)

	function add() {
		const problem = addError(kind, value, items)
		setError(problem)
		if (problem) return
		onAdd(value.trim())
		setValue('')
	}

	const shared = {
		id,
		value,
		placeholder,
		'aria-invalid': error ? true : undefined,
		'aria-describedby': error ? errorId : undefined,
	}
	return (
		<Flex direction="column" gap="1">
			<Text as="label" htmlFor={id} size="2" weight="medium">
				{label}
			</Text>
			<Flex gap="2" align={multiline ? 'end' : 'center'} direction={multiline ? 'column' : 'row'}>
				{multiline ? (
					<TextArea {...shared} rows={4} style={{ width: '100%' }} onChange={(event) => setValue(event.target.value)} />
				) : (
					<TextField.Root
						{...shared}
						style={{ flexGrow: 1 }}
						onChange={(event) => setValue(event.target.value)}
						onKeyDown={(event) => {
							if (event.key === 'Enter') {
								event.preventDefault()
								add()
							}
						}}
					/>
				)}
				<Button variant="soft" onClick={add}>
					<Plus size={14} aria-hidden /> {t('actions.add')}
				</Button>
			</Flex>
			{error ? (
				<Text id={errorId} size="1" color="red" role="alert">
					{t(error)}
				</Text>
			) : null}
		</Flex>
	)
}
