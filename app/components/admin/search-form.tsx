import { Button, Flex, Text, TextField } from '@radix-ui/themes'
import { Search } from 'lucide-react'
import { Form, Link } from 'react-router'

export type SearchFormLabels = { label: string; placeholder: string; submit: string; reset: string }

/** The server-side search of an admin list: a GET form with `q` (the query stays in the URL), and a reset link. */
export function SearchForm({ id, query, labels }: { id: string; query: string; labels: SearchFormLabels }) {
	return (
		<Form method="get" role="search">
			<Flex gap="2" align="end" wrap="wrap">
				<Flex direction="column" gap="1" flexGrow="1" maxWidth="420px">
					<Text as="label" htmlFor={id} size="2" weight="medium">
						{labels.label}
					</Text>
					<TextField.Root id={id} name="q" type="search" defaultValue={query} key={query} placeholder={labels.placeholder} maxLength={200}>
						<TextField.Slot>
							<Search size={14} aria-hidden />
						</TextField.Slot>
					</TextField.Root>
				</Flex>
				<Button type="submit">{labels.submit}</Button>
				{query ? (
					<Button asChild variant="soft" color="gray">
						<Link to=".">{labels.reset}</Link>
					</Button>
				) : null}
			</Flex>
		</Form>
	)
}
