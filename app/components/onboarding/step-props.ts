import type { WizardErrors, WizardField, WizardValues } from './wizard-values.ts'

export type StepProps = {
	values: WizardValues
	/** Only the errors the visitor should see (fields already touched). */
	errors: WizardErrors
	onChange: <F extends WizardField>(field: F, value: WizardValues[F]) => void
	onBlur: (field: WizardField) => void
}
