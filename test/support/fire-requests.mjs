// Fires N concurrent GET requests with a Bearer key and prints the status codes as JSON.
const [url, key, count] = process.argv.slice(2);
const statuses = await Promise.all(
  Array.from({ length: Number(count) }, () =>
    fetch(url, { headers: { authorization: `Bearer ${key}` } }).then(async (r) => (await r.arrayBuffer(), r.status)),
  ),
);
process.stdout.write(JSON.stringify(statuses));
