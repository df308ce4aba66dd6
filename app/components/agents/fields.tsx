import { Select, TextArea } from '@radix-ui/themes'
import { Flex, Text } from '#app/components/ui/lean.tsx'
import { useId } from 'react'

/** A label above a control; `htmlFor` ties the two when the control is a plain input. */
export function Field({ label, htmlFor, labelId, hint, children }: { label: string; htmlFor?: string; labelId?: string; hint?: string; children: React.ReactNode }) {
	return (
		<Flex direction="column" gap="1">
			<Text as="label" id={labelId} htmlFor={htmlFor} size="2" weight="medium">
				{label}
			</Text>
			{children}
			{hint ? (
				<Text size="1" color="gray">
					{hint}
				</Text>
			) : null}
		</Flex>
	)
}

export function SelectField<T extends string>({
	label,
	value,
	options,
	onChange,
	hint,
}: {
	label: string
	value: T
	options: ReadonlyArray<{ value: T; label: string }>
	onChange: (value: T) => void
	hint?: string
}) {
	const labelId = useId()
	return (
		<Field label={label} labelId={labelId} hint={hint}>
			<Select.Root value={value} onValueChange={(next) => onChange(next as T)}>
				<Select.Trigger aria-labelledby={labelId} />
				<Select.Content position="popper">
					{options.map((option) => (
						<Select.Item key={option.value} value={option.value}>
							{option.label}
						</Select.Item>
					))}
				</Select.Content>
			</Select.Root>
		</Field>
	)
}

export function TextAreaField({
	label,
	value,
	onChange,
	max,
	placeholder,
	rows = 4,
	counter,
}: {
	label: string
	value: string
	onChange: (value: string) => void
	max: number
	placeholder?: string
	rows?: number
	counter?: string
}) {
	const id = useId()
	return (
		<Field label={label} htmlFor={id} hint={counter}>
			<TextArea id={id} value={value} maxLength={max} rows={rows} placeholder={placeholder} onChange={(event) => onChange(event.target.value)} />
		</Field>
	)
}
