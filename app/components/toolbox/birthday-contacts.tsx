import { Button, Flex, Grid, IconButton, Select, Text, TextField } from '@radix-ui/themes'
import { Trash2 } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '#app/utils/use-translation.ts'
import { useFetcher } from 'react-router'
import { useFetcherNotice } from '#app/components/use-fetcher-notice.ts'
import { useRequestId } from '#app/components/use-request-id.ts'
import type { BirthdayContact } from '#modules/toolbox/index.ts'
import type { ToolboxActionData } from './types.ts'
import { usePlatformName, usePlatforms } from '#app/utils/use-platforms.ts'
import '#locales/ns/toolbox.ts'

/** The birthday tool's contacts: the list with 'entfernen' and a small form to add one. */
export function BirthdayContacts({ contacts, defaultPlatform }: { contacts: Array<BirthdayContact>; defaultPlatform: string }) {
	const { t } = useTranslation('toolbox')
	const platforms = usePlatforms()
	const adder = useFetcher<ToolboxActionData>({ key: 'birthday-add' })
	useFetcherNotice(adder)
	// A double submit or a retry adds the contact once.
	const requestId = useRequestId(adder.data)
	const [platform, setPlatform] = useState(defaultPlatform)
	const form = useRef<HTMLFormElement>(null)
	const errors = adder.state === 'idle' && adder.data && !adder.data.ok ? (adder.data.errors ?? {}) : {}
	useEffect(() => {
		if (adder.state === 'idle' && adder.data?.ok) form.current?.reset()
	}, [adder.state, adder.data])

	return (
		<Flex direction="column" gap="3" data-testid="birthday-contacts">
			<Text weight="bold">{t('contacts.title')}</Text>
			{contacts.length === 0 ? (
				<Text size="2" color="gray">
					{t('contacts.empty')}
				</Text>
			) : (
				<Flex direction="column" gap="1" asChild>
					<ul style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 220, overflowY: 'auto' }}>
						{contacts.map((contact) => (
							<ContactRow key={contact.id} contact={contact} />
						))}
					</ul>
				</Flex>
			)}
			<adder.Form method="post" action="/toolbox" ref={form} noValidate>
				<input type="hidden" name="intent" value="addContact" />
				<input type="hidden" name="requestId" value={requestId} />
				<input type="hidden" name="platform" value={platform} />
				<Flex direction="column" gap="2">
					<Grid columns={{ initial: '1', sm: '2' }} gap="2">
						<label>
							<Text size="1">{t('contacts.name')}</Text>
							<TextField.Root name="name" maxLength={100} required aria-invalid={Boolean(errors.name)} />
						</label>
						<label>
							<Text size="1">{t('contacts.platform')}</Text>
							<Select.Root value={platform} onValueChange={setPlatform}>
								<Select.Trigger style={{ width: '100%' }} aria-label={t('contacts.platform')} />
								<Select.Content>
									{platforms.map((p) => (
										<Select.Item key={p.id} value={p.id}>
											{p.name}
										</Select.Item>
									))}
								</Select.Content>
							</Select.Root>
						</label>
					</Grid>
					<Grid columns="3" gap="2">
						<label>
							<Text size="1">{t('contacts.day')}</Text>
							<TextField.Root name="birthDay" inputMode="numeric" maxLength={2} required />
						</label>
						<label>
							<Text size="1">{t('contacts.month')}</Text>
							<TextField.Root name="birthMonth" inputMode="numeric" maxLength={2} required />
						</label>
						<label>
							<Text size="1">{t('contacts.year')}</Text>
							<TextField.Root name="birthYear" inputMode="numeric" maxLength={4} />
						</label>
					</Grid>
					<label>
						<Text size="1">{t('contacts.note')}</Text>
						<TextField.Root name="note" maxLength={300} />
					</label>
					{Object.values(errors)
						.flat()
						.map((message) => (
							<Text key={message} size="1" color="red" role="alert" data-testid="contact-error">
								{message}
							</Text>
						))}
					<Flex justify="between" align="center">
						<Text size="1" color="gray">
							{t('contacts.max', { max: 200 })}
						</Text>
						<Button type="submit" variant="soft" loading={adder.state !== 'idle'} disabled={!requestId}>
							{t('contacts.add')}
						</Button>
					</Flex>
				</Flex>
			</adder.Form>
		</Flex>
	)
}

function ContactRow({ contact }: { contact: BirthdayContact }) {
	const { t } = useTranslation('toolbox')
	const platformName = usePlatformName()
	const remover = useFetcher<ToolboxActionData>()
	useFetcherNotice(remover)
	if (remover.formData) return null
	const date = `${String(contact.birthDay).padStart(2, '0')}.${String(contact.birthMonth).padStart(2, '0')}.${contact.birthYear ?? ''}`
	return (
		<li data-testid="birthday-contact">
			<Flex justify="between" align="center" gap="2">
				<Text size="2">
					<strong>{contact.name}</strong> · {t('contacts.birthday', { date })} · {platformName(contact.platform)}
				</Text>
				<remover.Form method="post" action="/toolbox">
					<input type="hidden" name="intent" value="removeContact" />
					<input type="hidden" name="id" value={contact.id} />
					<IconButton type="submit" variant="ghost" color="red" aria-label={t('contacts.remove', { name: contact.name })}>
						<Trash2 size={16} aria-hidden />
					</IconButton>
				</remover.Form>
			</Flex>
		</li>
	)
}
