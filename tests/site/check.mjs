// Checks a built site (target/site) before it is compressed, and fails the build on any problem:
//
// - no file references an outside address for a resource: every http(s) URL in a built file is a
//   hyperlink for the reader (<a href>), an XML namespace, text or a comment (licence and credit
//   notes in mdBook's vendored files), or one of the few listed below with the reason it is never
//   fetched;
// - every relative link and resource of every page resolves to a file of the site;
// - every live step (an iframe in a <figure class="live-step">) is listed in assets/book/embeds.json, in
//   order, with its address, a title and a text fallback; its scenario exists; and what embeds.json
//   says it shows (state, epoch, caption, …) is what `kip848-replay --frames` gives at that step.
//
//   node tests/site/check.mjs --site target/site --replay PATH/TO/kip848-replay
//   node tests/site/check.mjs --write-embeds --replay PATH   (rewrites assets/book/embeds.json from the
//        chapters and the replay: review the diff, it is what the browser tests hold the site to)
// Over 300 lines: one check of a built site, every rule reading the same parsed files.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EMBEDS = join(ROOT, 'assets/book/embeds.json');
const CHAPTERS = join(ROOT, 'assets/book/src');

const MEMBER_PANELS = ['caption', 'member', 'assigned', 'lane', 'inspector', 'log', 'sequence', 'transport'];
const GROUP_PANELS = ['caption', 'hazards', 'chart', 'members', 'coordinator', 'lanes', 'steps', 'transport'];

// URLs in code that are never fetched by this site, each with the reason.
const NEVER_FETCHED = [
    {
        file: /^book-[0-9a-f]+\.js$/,
        url: /^https:\/\/play\.rust-lang\.org/,
        why: "mdBook's Rust playground, called only for runnable Rust code blocks: the book has none (playground.runnable = false), and no page has a .playground element (checked)",
    },
    {
        file: /\.wasm$/,
        url: /^https:\/\/cwiki\.apache\.org\/confluence\/display\/KAFKA\/KIP-848/,
        why: "the app's link to KIP-848, rendered as a hyperlink for the reader",
    },
    {
        file: /\.wasm$/,
        url: /^https:\/\/(github\.com\/(apache\/kafka|confluentinc\/librdkafka|confluentinc\/confluent-kafka-python)|cwiki\.apache\.org\/confluence\/(display\/KAFKA\/|pages\/viewpage\.action\?pageId=|dosearchsite\.action)|issues\.apache\.org\/jira\/browse\/)/,
        why: "the bases of the source registry's addresses (Kafka's code at a tag, librdkafka's and confluent-kafka's at theirs, a KIP, a ticket), rendered only as <a href> citations the reader may open",
    },
];

function walk(dir) {
    return readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        return statSync(path).isDirectory() ? walk(path) : [path];
    });
}

/// Where each http(s) URL of a built file stands, and whether that is allowed.
export function externalUrls(site) {
    const problems = [];
    const seen = [];
    for (const path of walk(site)) {
        if (/\.(br|gz|png|woff2|ico)$/.test(path)) continue;
        const name = relative(site, path);
        const text = readFileSync(path, 'latin1');
        const ext = extname(path);
        for (const m of text.matchAll(/https?:\/\/[^\s"'<>()\\`]+/g)) {
            const url = m[0].replace(/[.,;:]+$/, '');
            const kind = classify(ext, text, m.index, url, name);
            seen.push({ file: name, url, kind });
            if (kind === null) problems.push(`${name}: ${url} is referenced as a resource`);
        }
        // Protocol-relative resources (//host/x) in HTML attributes.
        if (ext === '.html') {
            for (const m of text.matchAll(/\b(src|href|srcset|poster|data)\s*=\s*["']\s*\/\/[^"']+/gi)) {
                if (!/^href/i.test(m[0]) || !insideTag(text, m.index, 'a')) problems.push(`${name}: ${m[0]}`);
            }
        }
    }
    return { problems, seen };
}

function insideTag(text, index, tag) {
    const open = text.lastIndexOf('<', index);
    const close = text.lastIndexOf('>', index);
    if (open < close) return false;
    return new RegExp(`^<${tag}\\b`, 'i').test(text.slice(open, open + tag.length + 2));
}

function inBlockComment(text, index, open, close) {
    const start = text.lastIndexOf(open, index);
    return start >= 0 && text.lastIndexOf(close, index) < start;
}

function inCode(text, index, ext) {
    const lineStart = text.lastIndexOf('\n', index) + 1;
    const before = text.slice(lineStart, index);
    if (inBlockComment(text, index, '/*', '*/')) return 'comment';
    if (ext !== '.css' && /(^|[^:])\/\//.test(before)) return 'comment';
    return null;
}

function classify(ext, text, index, url, name) {
    if (/^http:\/\/www\.w3\.org\/(1999|2000)\//.test(url)) return 'namespace';
    const known = NEVER_FETCHED.find((k) => k.file.test(name.split(sep).pop()) && k.url.test(url));
    if (known) return `never fetched: ${known.why}`;
    if (ext === '.txt') return 'text';
    if (ext === '.css' || ext === '.js' || ext === '.mjs') return inCode(text, index, ext);
    if (ext === '.html' || ext === '.svg') {
        if (inBlockComment(text, index, '<!--', '-->')) return 'comment';
        const script = inBlockComment(text, index, '<script', '</script>');
        const style = inBlockComment(text, index, '<style', '</style>');
        if (script) return inCode(text, index, '.js');
        if (style) return inCode(text, index, '.css');
        const open = text.lastIndexOf('<', index);
        if (open > text.lastIndexOf('>', index)) {
            // Inside a tag: only an <a href> may name an outside address.
            const tag = text.slice(open, index);
            return /^<a\s/i.test(tag) && /\bhref\s*=\s*["']$/i.test(tag) ? 'hyperlink' : null;
        }
        return 'text';
    }
    return null;
}

/// Relative links and resources of every page that do not resolve to a file.
export function deadLinks(site) {
    const problems = [];
    for (const path of walk(site).filter((p) => p.endsWith('.html'))) {
        const html = readFileSync(path, 'utf8');
        if (/class="[^"]*\bplayground\b/.test(html)) problems.push(`${relative(site, path)}: a Rust playground block`);
        for (const m of html.matchAll(/\b(?:href|src)\s*=\s*"([^"]*)"/g)) {
            const ref = m[1].replace(/&amp;/g, '&');
            if (!ref || /^(#|[a-z][a-z0-9+.-]*:|\/\/)/i.test(ref)) continue;
            const file = ref.split(/[?#]/)[0];
            if (!file) continue;
            let target = resolve(dirname(path), decodeURIComponent(file));
            if (existsSync(target) && statSync(target).isDirectory()) target = join(target, 'index.html');
            if (!target.startsWith(resolve(site) + sep) || !existsSync(target)) {
                problems.push(`${relative(site, path)}: ${ref} does not resolve inside the site`);
            }
        }
    }
    return problems;
}

/// The live steps of a chapter, from its HTML (built page or Markdown source).
function liveSteps(html) {
    return [...html.matchAll(/<figure class="live-step">\s*<iframe\b([^>]*)>([\s\S]*?)<\/iframe>\s*<figcaption>([\s\S]*?)<\/figcaption>/g)].map(
        (m) => {
            const attr = (name) => (m[1].match(new RegExp(`\\b${name}="([^"]*)"`)) ?? [])[1];
            return {
                src: (attr('src') ?? '').replace(/&amp;/g, '&'),
                title: attr('title') ?? '',
                // What the caption points at, as a selector inside the frame (site.spec checks that
                // it is on screen in the frame without scrolling inside it).
                shows: (attr('data-shows') ?? '').replace(/&quot;/g, '"'),
                fallback: m[2].trim(),
                caption: m[3].replace(/<[^>]+>/g, '').trim(),
            };
        },
    );
}

/**
 * A live step's own page (build/live.mjs): the app page it opens, with the first-paint snapshot
 * of that step, named after the page and its address options (`group.html?embed=1…` →
 * `group.live-<10 hex>.html`), so a changed address never keeps an old snapshot.
 */
export function liveFile(page, query) {
    return `${page.replace(/\.html$/, '')}.live-${createHash('sha1').update(query).digest('hex').slice(0, 10)}.html`;
}

/** A live step's address (`../app/group.html?…`) pointed at its own snapshot page: the inverse of plainAddress. */
export function liveAddress(src) {
    const at = src.indexOf('?');
    const [path, query] = at < 0 ? [src, ''] : [src.slice(0, at), src.slice(at)];
    return path.replace(/[^/]*$/, liveFile(path.split('/').pop(), query)) + query;
}

/// A live step's address with its snapshot page put back to the app page it copies, or null if the
/// snapshot page's name does not match its address options.
function plainAddress(src) {
    const m = src.match(/^(.*\/)?([\w-]+)\.live-[0-9a-f]{10}\.html(\?.*)?$/);
    if (!m) return src;
    const page = `${m[2]}.html`;
    return liveFile(page, m[3] ?? '') === src.slice((m[1] ?? '').length).split('?')[0] ? `${m[1] ?? ''}${page}${m[3] ?? ''}` : null;
}

function describe(src) {
    const url = new URL(src, 'http://site/chapters/');
    const p = url.searchParams;
    const number = (key) => (p.has(key) ? Number(p.get(key)) : null);
    return {
        path: url.pathname,
        // The group view is a page of its own (group.html); ?mode=group is its old address.
        mode: url.pathname.endsWith('/group.html') || p.get('mode') === 'group' ? 'group' : 'member',
        scenario: p.get('scenario'),
        from: number('from'),
        to: number('to'),
        step: number('step'),
        show: (p.get('show') ?? '').split(',').filter(Boolean),
        // `model=`: the scenario on another model's members (the member's model, the group's).
        model: p.get('model'),
        flags: { embed: p.get('embed'), readonly: p.get('readonly'), theme: p.get('theme') },
    };
}

function scenarioFile(entry) {
    return entry.mode === 'group' ? `assets/group/${entry.scenario}.json` : `assets/scenarios/${entry.scenario}.json`;
}

/** The trace a live step replays: its scenario's file, or a copy on the model its address names. */
function replayedFile(entry) {
    const file = scenarioFile(entry);
    if (!entry.model) return file;
    const trace = JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
    if (entry.mode === 'group') trace.config = { ...(trace.config ?? {}), model: entry.model };
    else trace.model = entry.model;
    const copy = join(ROOT, 'target', `live-step-${entry.mode}-${entry.scenario}-${entry.model}.json`);
    writeFileSync(copy, JSON.stringify(trace));
    return copy;
}

const frameCache = new Map();
function frames(replay, file, flag) {
    const key = `${flag} ${file}`;
    if (!frameCache.has(key)) {
        const args = flag ? [flag, file] : [file];
        const out = execFileSync(replay, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
        frameCache.set(key, out.trim().split('\n').map((l) => JSON.parse(l)));
    }
    return frameCache.get(key);
}

/// What the live step shows, from the replay: the frame at the end of the step.
function shown(replay, entry) {
    const file = replayedFile(entry);
    if (entry.mode === 'member') {
        const frame = frames(replay, file, '--frames').find(
            (f) => f.cursor.step === entry.step && f.cursor.shown === f.effects,
        );
        if (!frame) return null;
        const r = frame.request;
        return {
            position: frame.position,
            caption: frame.caption,
            state: frame.facts.state,
            member_epoch: frame.facts.member_epoch,
            assigned: frame.facts.assigned,
            in_flight: r ? { purpose: r.purpose, member_epoch: r.member_epoch, full: r.full !== null, owned: r.owned } : null,
        };
    }
    const frame = frames(replay, file, '--frames').find((f) => f.step === entry.step);
    const line = frames(replay, file, null)[entry.step - 1];
    if (!frame || !line) return null;
    return {
        caption: frame.caption,
        group_epoch: line.group_epoch,
        assignment_epoch: line.assignment_epoch,
        alarm: frame.alarm[0],
        members: frame.members.map((m) => ({ name: m.name, state: m.state, member_epoch: m.member_epoch, assigned: m.assigned })),
        coordinator: line.members
            .filter((m) => m.server_state)
            .map((m) => ({ name: m.name, state: m.server_state, epoch: m.server_epoch, target: m.target })),
    };
}

/// The chapters in reading order (SUMMARY.md), each with its live steps.
function chapterSources() {
    const summary = readFileSync(join(CHAPTERS, 'SUMMARY.md'), 'utf8');
    return [...summary.matchAll(/\]\(([^)]+\.md)\)/g)].map(([, chapter]) => ({
        chapter,
        // A chapter the build writes (the seed model, from docs/) is read where the build put it.
        steps: liveSteps(readFileSync(existsSync(join(CHAPTERS, chapter)) ? join(CHAPTERS, chapter) : join(ROOT, 'target/book/src', chapter), 'utf8')),
    }));
}

export function writeEmbeds(replay) {
    const entries = [];
    for (const { chapter, steps } of chapterSources()) {
        for (const step of steps) {
            const d = describe(step.src);
            const entry = { chapter, mode: d.mode, scenario: d.scenario, ...(d.model ? { model: d.model } : {}), from: d.from, to: d.to, step: d.step, show: d.show, src: step.src, title: step.title, shows: step.shows };
            entry.expect = shown(replay, entry);
            entries.push(entry);
        }
    }
    // One line per list of numbers or names, so a diff shows what changed.
    const json = JSON.stringify(entries, null, 1).replace(/\[\s+([^[\]{}]*?)\s+\]/g, (_, inner) => `[${inner.split(/,\s+/).join(', ')}]`);
    writeFileSync(EMBEDS, `${json}\n`);
    return entries.length;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/// Every live step of the built site against assets/book/embeds.json and the replay.
export function checkEmbeds(site, replay) {
    const problems = [];
    const entries = JSON.parse(readFileSync(EMBEDS, 'utf8'));
    const built = [];
    for (const { chapter } of chapterSources()) {
        const page = join(site, chapter.replace(/\.md$/, '.html'));
        if (!existsSync(page)) continue;
        for (const step of liveSteps(readFileSync(page, 'utf8'))) built.push({ chapter, page, ...step });
    }
    if (built.length !== entries.length) problems.push(`${built.length} live steps in the site, ${entries.length} in assets/book/embeds.json`);
    built.forEach((step, i) => {
        const entry = entries[i];
        const where = `${step.chapter}, live step ${i + 1}`;
        // A live step may open its own page with its first-paint snapshot (make site): the same app.
        const plain = plainAddress(step.src);
        if (plain === null) {
            problems.push(`${where}: ${step.src.split('?')[0]} is not named after its address options`);
            return;
        }
        if (!entry || entry.chapter !== step.chapter || entry.src !== plain) {
            problems.push(`${where}: ${step.src} is not entry ${i + 1} of assets/book/embeds.json`);
            return;
        }
        const d = describe(plain);
        for (const key of ['mode', 'scenario', 'model', 'from', 'to', 'step']) {
            if (!same(d[key] ?? null, entry[key] ?? null)) problems.push(`${where}: ${key} is ${d[key]} in the address, ${entry[key]} in embeds.json`);
        }
        if (!same(d.show, entry.show)) problems.push(`${where}: show= differs from embeds.json`);
        if (d.flags.embed !== '1' || d.flags.readonly !== '1' || d.flags.theme !== 'auto') problems.push(`${where}: needs embed=1, readonly=1, theme=auto`);
        if (d.from === null || d.to === null || d.step === null || d.step < d.from || d.step > d.to) problems.push(`${where}: step ${d.step} is not within from..to`);
        const panels = d.mode === 'group' ? GROUP_PANELS : MEMBER_PANELS;
        for (const panel of d.show) if (!panels.includes(panel)) problems.push(`${where}: no panel ${panel} in the ${d.mode} view`);
        if (!existsSync(resolve(dirname(step.page), step.src.split('?')[0]))) problems.push(`${where}: ${step.src.split('?')[0]} is not in the site`);
        if (!existsSync(join(ROOT, scenarioFile(d)))) problems.push(`${where}: no scenario ${scenarioFile(d)}`);
        if (!step.title) problems.push(`${where}: the iframe has no title`);
        if (step.fallback.length < 40) problems.push(`${where}: the iframe has no text fallback`);
        if (!step.caption) problems.push(`${where}: no figcaption`);
        if (!step.shows) problems.push(`${where}: no data-shows (what the caption points at, as a selector in the frame)`);
        else if (step.shows !== entry.shows) problems.push(`${where}: data-shows is ${step.shows}, embeds.json has ${entry.shows}`);
        // A reader meets a scenario by its title, as the app's picker names it; its id is for links.
        for (const [what, words] of [['figcaption', step.caption], ['iframe title', step.title], ['text fallback', step.fallback]]) {
            if (d.scenario && words.includes(d.scenario)) problems.push(`${where}: the ${what} names the scenario by its id ${d.scenario}`);
            if (/\bscenario \d\d\b/.test(words)) problems.push(`${where}: the ${what} names a scenario by its number`);
        }
        if (existsSync(join(ROOT, scenarioFile(d)))) {
            const actual = shown(replay, entry);
            if (!actual) problems.push(`${where}: the replay has no step ${entry.step}`);
            else if (!same(actual, entry.expect)) {
                problems.push(`${where}: embeds.json expects ${JSON.stringify(entry.expect)}, the replay shows ${JSON.stringify(actual)}`);
            }
        }
    });
    return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const args = process.argv.slice(2);
    const option = (name) => {
        const i = args.indexOf(`--${name}`);
        return i >= 0 ? args[i + 1] : undefined;
    };
    const replay = option('replay');
    if (!replay) {
        console.error('usage: node tests/site/check.mjs --site DIR --replay KIP848_REPLAY | --write-embeds --replay KIP848_REPLAY');
        process.exit(2);
    }
    if (args.includes('--write-embeds')) {
        console.log(`assets/book/embeds.json: ${writeEmbeds(resolve(replay))} live steps`);
        process.exit(0);
    }
    const site = resolve(option('site') ?? 'target/site');
    const { problems: external, seen } = externalUrls(site);
    const problems = [...external, ...deadLinks(site), ...checkEmbeds(site, resolve(replay))];
    if (problems.length) {
        for (const p of problems) console.error(`site check: ${p}`);
        process.exit(1);
    }
    const kinds = seen.reduce((n, s) => ((n[s.kind.split(':')[0]] = (n[s.kind.split(':')[0]] ?? 0) + 1), n), {});
    const steps = JSON.parse(readFileSync(EMBEDS, 'utf8')).length;
    console.log(
        `site check: ${steps} live steps match the replay; no dead relative link; outside URLs: ${Object.entries(kinds)
            .map(([k, n]) => `${n} ${k}`)
            .join(', ')}, none fetched`,
    );
}
