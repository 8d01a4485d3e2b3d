// Fires N concurrent requests with a Bearer key and prints the status codes as JSON: GETs, or POSTs of
// the JSON body given as the fourth argument.
const [url, key, count, body] = process.argv.slice(2);
const init =
  body === undefined
    ? { headers: { authorization: `Bearer ${key}` } }
    : { method: 'POST', body, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } };
const statuses = await Promise.all(Array.from({ length: Number(count) }, () => fetch(url, init).then(async (r) => (await r.arrayBuffer(), r.status))));
process.stdout.write(JSON.stringify(statuses));
