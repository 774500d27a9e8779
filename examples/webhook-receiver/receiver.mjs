// A small receiver for the programme's webhooks: it checks every delivery's Standard Webhooks signature, ignores a
// delivery it has already handled (same `webhook-id`), and keeps a local copy of leads and commissions in a JSON
// file. A lead event carries ids only, so the receiver reads the lead itself through the API with a `leads:read`
// token, as a CRM connector would.
//
// Run it:   WEBHOOK_SECRET=whsec_… API_URL=https://members.example API_TOKEN=cpo_… node receiver.mjs
// Options:  PORT (default 8787), STORE (default ./store.json)

import { createServer } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { Webhook } from 'standardwebhooks';

/** The receiver's memory: what it has seen, and its copy of the programme's leads and commissions. */
async function openStore(path) {
  try {
    return JSON.parse(await readFile(path, 'utf8'));
  } catch (err) {
    if (err.code !== 'ENOENT') throw err;
    return { seen: [], leads: {}, commissions: {} };
  }
}

/** Reads one lead through the API; null when it is gone (deleted since the event). */
async function fetchLead(apiUrl, token, leadId) {
  const res = await fetch(`${apiUrl}/api/leads/${leadId}`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`reading lead ${leadId} answered ${res.status}`);
  return res.json();
}

/** What each event type does to the local copy. Types the receiver does not know are acknowledged and skipped. */
async function apply(store, event, { apiUrl, token }) {
  const { type, data } = event;
  if (type === 'lead.created' || type === 'lead.status_changed') {
    const lead = apiUrl && token ? await fetchLead(apiUrl, token, data.leadId) : null;
    store.leads[data.leadId] = {
      ...store.leads[data.leadId],
      id: data.leadId,
      partnerId: data.submitterId,
      status: data.toStatus ?? data.status ?? lead?.status,
      ...(lead ? { company: lead.companyName, contact: lead.contactName, value: lead.estimatedValue } : {}),
      updatedAt: event.timestamp,
    };
  } else if (type === 'lead.deleted') {
    delete store.leads[data.leadId];
  } else if (type === 'commission.created') {
    store.commissions[data.commissionId] = { id: data.commissionId, partnerId: data.partnerId, leadId: data.leadId, amount: data.amount, kind: data.kind, paid: false };
  } else if (type === 'commission.paid') {
    store.commissions[data.commissionId] = { ...store.commissions[data.commissionId], id: data.commissionId, amount: data.amount, paid: true, paidAt: data.paidAt };
  }
}

/**
 * Starts the receiver. Answers 204 to a verified delivery (and to a repeat of one already handled), 400 to one whose
 * signature, timestamp or body does not verify, and 500 if applying it failed (the sender will try again).
 */
export async function startReceiver({ secret, apiUrl, token, storePath = './store.json', port = 8787, host = '127.0.0.1' }) {
  const verifier = new Webhook(secret);
  const store = await openStore(storePath);
  let queue = Promise.resolve();

  const server = createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let event;
      try {
        event = verifier.verify(body, req.headers);
      } catch {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('signature did not verify');
        return;
      }
      const id = req.headers['webhook-id'];
      // one delivery at a time, in the order they arrive, so the file is never written by two at once
      queue = queue.then(async () => {
        try {
          if (!store.seen.includes(id)) {
            await apply(store, event, { apiUrl, token });
            store.seen.push(id);
            if (store.seen.length > 10_000) store.seen.splice(0, store.seen.length - 10_000);
            await writeFile(storePath, JSON.stringify(store, null, 2));
          }
          res.writeHead(204).end();
        } catch (err) {
          res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err.message ?? err));
        }
      });
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return {
    url: `http://${host}:${server.address().port}/`,
    store,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { WEBHOOK_SECRET, API_URL, API_TOKEN, PORT, STORE } = process.env;
  if (!WEBHOOK_SECRET) {
    console.error('Set WEBHOOK_SECRET to the endpoint’s whsec_… secret.');
    process.exit(1);
  }
  const receiver = await startReceiver({
    secret: WEBHOOK_SECRET,
    apiUrl: API_URL?.replace(/\/$/, ''),
    token: API_TOKEN,
    storePath: STORE,
    port: Number(PORT ?? 8787),
    host: '0.0.0.0',
  });
  console.log(`Receiving webhooks at ${receiver.url}`);
}
