import { Flex, Text } from '#app/components/ui/lean.tsx'

/**
 * A form field: its label, the control, and below it the error (already translated) or else the
 * hint. The control points at them with describedBy(id, error, hint).
 */
export function FieldShell({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string | null; children: React.ReactNode }) {
	return (
		<Flex direction="column" gap="1">
			<Text as="label" htmlFor={id} size="2" weight="medium">
				{label}
			</Text>
			{children}
			{error ? (
				<Text id={`${id}-error`} size="1" color="red" role="alert" data-testid="field-error">
					{error}
				</Text>
			) : hint ? (
				<Text id={`${id}-hint`} size="1" color="gray">
					{hint}
				</Text>
			) : null}
		</Flex>
	)
}

/** The aria-describedby of a FieldShell's control. */
export function describedBy(id: string, error: unknown, hint?: string) {
	return error ? `${id}-error` : hint ? `${id}-hint` : undefined
}
