import { describe, expect, it } from 'vitest';
import { endpoint, shapes } from '../../contract/endpoint';
import type { z } from 'zod';
import { call, setApiFetch } from './api';

type Answer = z.ZodObject<{ success: z.ZodLiteral<true>; data: z.ZodObject<{ n: z.ZodNumber }> }>;
type Query = z.ZodObject<{ q: z.ZodOptional<z.ZodString>; limit: z.ZodOptional<z.ZodNumber> }>;
type Body = z.ZodObject<{ motivo: z.ZodString }>;

const read = endpoint('GET', '/api/x/:id/y/:numero', shapes<{ query: Query; answer: Answer }>());
const write = endpoint('POST', '/api/x/:id', shapes<{ body: Body; answer: Answer }>());

function capture() {
  const sent: { path: string; init: RequestInit }[] = [];
  setApiFetch(async (path, init) => {
    sent.push({ path, init });
    return new Response(JSON.stringify({ success: true, data: { n: 1 } }), { status: 200 });
  });
  return sent;
}

describe('call (an endpoint through its declaration)', () => {
  it('fills the path from the params, adds the query it was given and uses the declared method', async () => {
    const sent = capture();
    const answer = await call(read, { params: { id: 'a b', numero: 'R-1/2' }, query: { q: 'café', limit: undefined } });
    expect(answer.data.n).toBe(1);
    expect(sent[0].path).toBe('/api/x/a%20b/y/R-1%2F2?q=caf%C3%A9');
    expect(sent[0].init.method).toBe('GET');
    expect(sent[0].init.body).toBeUndefined();
  });

  it('sends the body as JSON with the declared method', async () => {
    const sent = capture();
    await call(write, { params: { id: '1' }, body: { motivo: 'porque sí' } });
    expect(sent[0].path).toBe('/api/x/1');
    expect(sent[0].init.method).toBe('POST');
    expect(sent[0].init.body).toBe(JSON.stringify({ motivo: 'porque sí' }));
  });
});
