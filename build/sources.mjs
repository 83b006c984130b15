// The book's footnotes, from the app's own source registry so the two cannot drift: a chapter
// writes `[^gmm-leave]` where a claim rests on a source, and this script appends the footnote
// `[^gmm-leave]: [GroupMetadataManager.consumerGroupLeave](…) (Kafka 3.7–4.3)` for every
// registered id it uses. An id that is neither registered nor defined in the chapter is an error.
//
//   kip848-replay --sources | node build/sources.mjs CHAPTER.md... (rewritten in place)
import { readFileSync, writeFileSync } from 'node:fs';

const text = (s) => s.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`);

/// The chapter with a definition appended for each registered source it cites.
export function footnotes(chapter, sources, name = 'chapter') {
    // The seed model is a chapter: seen from the book's root, its page is under chapters/.
    const root = !name.includes('/chapters/');
    const defined = new Set([...chapter.matchAll(/^\[\^([^\]\s]+)\]:/gm)].map((m) => m[1]));
    const cited = [...new Set([...chapter.matchAll(/\[\^([^\]\s]+)\](?!:)/g)].map((m) => m[1]))];
    const lines = [];
    for (const id of cited) {
        if (defined.has(id)) continue;
        const s = sources.get(id);
        if (!s) throw new Error(`${name}: footnote [^${id}] is neither a source id nor defined in the chapter`);
        const versions = s.versions ? ` (${s.versions})` : '';
        const url = root && s.url.startsWith('seed-model.html') ? `chapters/${s.url}` : s.url;
        lines.push(`[^${id}]: [${text(s.label)}](${url})${versions}`);
    }
    return lines.length ? `${chapter.trimEnd()}\n\n${lines.join('\n')}\n` : chapter;
}

export function registry(jsonLines) {
    const sources = new Map();
    for (const line of jsonLines.split('\n')) {
        if (!line.trim()) continue;
        const s = JSON.parse(line);
        sources.set(s.id, s);
    }
    if (sources.size === 0) throw new Error('no sources on standard input');
    return sources;
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const files = process.argv.slice(2);
    if (files.length === 0) {
        console.error('usage: kip848-replay --sources | node build/sources.mjs CHAPTER.md...');
        process.exit(2);
    }
    const sources = registry(readFileSync(0, 'utf8'));
    for (const file of files) writeFileSync(file, footnotes(readFileSync(file, 'utf8'), sources, file));
}
