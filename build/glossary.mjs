// The book's glossary, generated from the app's own definitions so the two cannot drift:
// `kip848-replay --glossary` prints kip848_core::teaching::glossary::TERMS as JSON lines; this script puts
// them in place of the marker line of the chapter template, each with its sources as links (from
// `kip848-replay --sources`, saved to a file).
//
//   kip848-replay --glossary | node build/glossary.mjs TEMPLATE.md SOURCES.jsonl > glossary.md
import { readFileSync } from 'node:fs';
import { registry } from './sources.mjs';

const MARKER = '<!-- glossary terms -->';

/// Markdown-escapes a definition: it is plain text, never markup.
const text = (s) => s.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);

export function glossary(template, lines, sources = new Map()) {
    const terms = lines
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line));
    if (terms.length === 0) throw new Error('no glossary terms on standard input');
    if (!template.includes(MARKER)) throw new Error(`the template has no ${MARKER} line`);
    const entries = terms.map((t) => {
        const parts = [`## ${text(t.term)} {#${t.id}}`, '', text(t.definition)];
        if (t.shipped) parts.push('', `*How the models differ:* ${text(t.shipped)}`);
        const cited = t.sources.map((id) => {
            const s = sources.get(id);
            if (!s) throw new Error(`glossary term ${t.id}: unknown source ${id}`);
            return `[${text(s.label)}](${s.url})${s.versions ? ` (${s.versions})` : ''}`;
        });
        parts.push('', `<small>Sources: ${cited.join(', ')}. Id \`${t.id}\`.</small>`);
        return parts.join('\n');
    });
    return template.replace(MARKER, entries.join('\n\n'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const [template, sourceFile] = process.argv.slice(2);
    if (!template || !sourceFile) {
        console.error('usage: kip848-replay --glossary | node build/glossary.mjs TEMPLATE.md SOURCES.jsonl');
        process.exit(2);
    }
    const sources = registry(readFileSync(sourceFile, 'utf8'));
    process.stdout.write(glossary(readFileSync(template, 'utf8'), readFileSync(0, 'utf8'), sources));
}
