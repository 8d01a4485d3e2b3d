/**
 * The stylesheet of the API reference, inlined into the page and allowed by its hash in the page's
 * Content-Security-Policy. Inserted as is: a constant with no `</style` in it.
 */
import { stylesheetOnlyPolicy } from '../http/html.ts';

export const referenceStylesheet = [
  ':root{color-scheme:light}',
  '*{box-sizing:border-box}',
  'html{scroll-padding-top:1rem}',
  'body{margin:0;background:#f6f7f9;color:#1b1f24;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}',
  '.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:2}',
  '.skip:focus{left:1rem;top:1rem}',
  '.layout{display:grid;grid-template-columns:17rem minmax(0,1fr);max-width:88rem;margin:0 auto}',
  '.toc{position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto;padding:1.25rem 1rem 2rem;border-right:1px solid #d5dae1;font-size:.92rem}',
  '.toc h2{font-size:1rem;margin:0 0 .5rem;border:0;padding:0}',
  '.toc ul{list-style:none;margin:0;padding:0}',
  '.toc li{margin:.15rem 0;overflow-wrap:anywhere}',
  '.toc ul ul{padding-left:.9rem}',
  'main{padding:1.5rem 2rem 4rem;min-width:0}',
  '.service{margin:0;color:#48505e}',
  'h1{font-size:1.9rem;line-height:1.2;margin:.25rem 0 1rem}',
  'h2{font-size:1.45rem;margin:2.5rem 0 .75rem;padding-top:.5rem;border-top:2px solid #d5dae1}',
  'h3{font-size:1.2rem;margin:1.75rem 0 .5rem}',
  'h4{font-size:1.08rem;margin:1.5rem 0 .4rem;overflow-wrap:anywhere}',
  'h5{font-size:.98rem;margin:1rem 0 .35rem}',
  'p{margin:.4rem 0 .8rem}',
  'a{color:#0a4b9e}',
  'a:focus-visible,summary:focus-visible,.scroll:focus-visible{outline:3px solid #0a4b9e;outline-offset:2px}',
  'code,pre{font:.88rem/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}',
  'code{background:#eceff3;border-radius:4px;padding:.05rem .3rem;overflow-wrap:anywhere}',
  'pre{background:#0f1720;color:#e8edf3;padding:.8rem 1rem;border-radius:6px;overflow:auto;max-height:28rem}',
  'pre code{background:none;padding:0;color:inherit}',
  '.card{background:#fff;border:1px solid #cdd3db;border-radius:8px;padding:.5rem 1.25rem 1rem;margin:1rem 0}',
  '.method{display:inline-block;min-width:4.2rem;text-align:center;font:700 .8rem/1.6 ui-monospace,Menlo,Consolas,monospace;border-radius:4px;padding:0 .4rem;margin-right:.5rem;color:#fff;vertical-align:.1rem}',
  '.get{background:#1d5c9e}.post{background:#1b6e3a}.delete{background:#9e2a1d}.put,.patch{background:#7a4f00}',
  '.meta{color:#48505e;font-size:.92rem}',
  '.scroll{overflow-x:auto;margin:.5rem 0 1rem}',
  'table{border-collapse:collapse;width:100%;background:#fff;font-size:.93rem}',
  'th,td{border:1px solid #d5dae1;padding:.4rem .6rem;text-align:left;vertical-align:top}',
  'th{background:#eef1f5}',
  'td code{overflow-wrap:normal}',
  '.fields td:first-child{min-width:10rem}',
  '.fields td:first-child code{overflow-wrap:anywhere}',
  'td:last-child{min-width:14rem}',
  'tr:target{background:#fff6d6}',
  'article:target{outline:3px solid #e0b000;outline-offset:4px}',
  '.constraint{display:block;color:#48505e;font-size:.86rem}',
  'details summary{cursor:pointer;color:#0a4b9e}',
  '@media (max-width:60rem){.layout{display:block}.toc{position:static;max-height:none;border-right:0;border-bottom:1px solid #d5dae1}main{padding:1rem}}',
  '@media print{.toc,.skip{display:none}.layout{display:block}body{background:#fff}pre{max-height:none;white-space:pre-wrap}}',
].join('\n');

export const referencePageContentSecurityPolicy = stylesheetOnlyPolicy(referenceStylesheet);
