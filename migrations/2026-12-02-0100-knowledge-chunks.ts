import { sql, type Kysely } from 'kysely'

// An agent's knowledge base (up to 50,000 characters) in passages with a German full-text index, so a
// generation can take the passages that match its input (ts_rank) instead of the first 3,000 characters.
// Owned by the agents module; written with the knowledge base ('Speichern'), removed with the agent.
// Existing knowledge bases are split here with a frozen copy of the chunker's rule (paragraphs, then
// sentences, packed up to about 700 characters); the next 'Speichern' re-splits with the module's code.

const TARGET = 700
const MAX = 1000

function split(text: string): Array<{ start: number; content: string }> {
	const pieces: Array<{ start: number; content: string }> = []
	for (const match of text.matchAll(/[^.!?\n]+(?:[.!?]+|\n+|$)/g)) {
		const content = match[0].trim()
		if (!content) continue
		const lead = match[0].length - match[0].trimStart().length
		for (let offset = 0; offset < content.length; offset += MAX) pieces.push({ start: match.index + lead + offset, content: content.slice(offset, offset + MAX) })
	}
	const chunks: Array<{ start: number; content: string }> = []
	for (const piece of pieces) {
		const last = chunks[chunks.length - 1]
		if (last && last.content.length + 1 + piece.content.length <= TARGET) last.content = `${last.content} ${piece.content}`
		else chunks.push({ ...piece })
	}
	return chunks
}

export async function up(db: Kysely<any>) {
	await sql
		.raw(
			`
create table knowledge_chunks (
  agent_configuration_id uuid not null references agent_configurations(id) on delete cascade,
  position integer not null check (position >= 0),
  start_offset integer not null check (start_offset >= 0),
  content text not null check (length(content) between 1 and 2000),
  search tsvector generated always as (to_tsvector('german', content)) stored,
  primary key (agent_configuration_id, position)
);
create index knowledge_chunks_search on knowledge_chunks using gin (search);
`,
		)
		.execute(db)
	const agents = await sql<{ id: string; knowledge_base: string }>`select id, knowledge_base from agent_configurations where knowledge_base <> ''`.execute(db)
	for (const agent of agents.rows) {
		const rows = split(agent.knowledge_base).map((chunk, position) => ({ agent_configuration_id: agent.id, position, start_offset: chunk.start, content: chunk.content }))
		if (rows.length) await db.insertInto('knowledge_chunks').values(rows).execute()
	}
}

export async function down(db: Kysely<any>) {
	await sql.raw(`drop table if exists knowledge_chunks;`).execute(db)
}
