import { TextField } from '@radix-ui/themes'
import { Text } from '#app/components/ui/lean.tsx'
import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { FieldShell } from './field-shell.tsx'

type Namespace = 'auth' | 'common' | 'onboarding'

/** A labelled text input bound to a conform field; errors are i18n keys of `ns`. */
export function FormField({
	field,
	label,
	type = 'text',
	ns,
	hint,
	autoComplete,
	placeholder,
}: {
	field: FieldMetadata<string>
	label: string
	type?: 'text' | 'email' | 'password'
	ns: Namespace
	hint?: string
	autoComplete?: string
	placeholder?: string
}) {
	const { t } = useTranslation(ns)
	// Without maxLength: an over-long entry is refused with the schema's message instead of being cut silently.
	const { key, maxLength: _maxLength, ...inputProps } = getInputProps(field, { type })
	return (
		<FieldShell id={field.id} label={label} hint={hint} error={field.errors ? t(field.errors[0] as 'errors.generic') : null}>
			<TextField.Root key={key} {...inputProps} required={false} autoComplete={autoComplete} placeholder={placeholder} size="3" aria-describedby={field.errors ? `${field.id}-error` : undefined} />
		</FieldShell>
	)
}

/** Form-level errors (i18n keys of `ns`). */
export function FormErrors({ errors, ns }: { errors?: Array<string> | null; ns: Namespace }) {
	const { t } = useTranslation(ns)
	if (!errors?.length) return null
	// "key|minutes" carries one count (the rate-limit message: '1 Minute', '15 Minuten').
	const [key, minutes] = (errors[0] ?? '').split('|')
	return (
		<Text as="p" size="2" color="red" role="alert" data-testid="form-error">
			{minutes === undefined ? t(key as 'errors.generic') : t(key as 'errors.rateLimited', { count: Number(minutes) })}
		</Text>
	)
}
