export interface SmtpReply {
  code: number;
  /** RFC 3463 enhanced status code such as '5.1.1', when the server sent one. */
  enhanced?: string;
  /** All lines' texts joined by a space, without codes. */
  text: string;
  lines: string[];
}

const ENHANCED = /^([245])\.(\d{1,3})\.(\d{1,3})\b/;

/**
 * Accumulates bytes and yields complete replies. A reply is complete on its line whose
 * fourth character is a space ("250 ok" after "250-..." continuations, RFC 5321 4.2.1).
 */
export class SmtpReplyParser {
  private buffer = '';
  private pending: string[] = [];

  push(chunk: string): SmtpReply[] {
    this.buffer += chunk;
    const replies: SmtpReply[] = [];
    let newline = this.buffer.indexOf('\n');
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '');
      this.buffer = this.buffer.slice(newline + 1);
      this.pending.push(line);
      if (!/^\d{3}-/.test(line)) {
        replies.push(toReply(this.pending));
        this.pending = [];
      }
      newline = this.buffer.indexOf('\n');
    }
    return replies;
  }
}

export function toReply(lines: string[]): SmtpReply {
  const code = Number(lines[lines.length - 1].slice(0, 3)) || 0;
  const texts = lines.map((l) => l.slice(4).trim());
  const match = texts[0]?.match(ENHANCED);
  return {
    code,
    enhanced: match ? `${match[1]}.${match[2]}.${match[3]}` : undefined,
    text: texts.join(' '),
    lines: texts,
  };
}

/** Builds a reply from a single line of text, e.g. from a fixture table: "550 5.1.1 User unknown". */
export function parseReplyLine(line: string): SmtpReply {
  const parts = line.split(/\r?\n/).filter(Boolean);
  return toReply(
    parts.map((p, i) => (i < parts.length - 1 ? p.replace(/^(\d{3})[ -]/, '$1-') : p.replace(/^(\d{3})-/, '$1 '))),
  );
}
