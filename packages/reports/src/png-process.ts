// A map-drawing child process of the pool in png-pool.ts: draws one map at a time with resvg, on this
// process's own thread. resvg aborts its process when it cannot allocate a picture (a native panic); here
// that ends this child only, and the pool turns it into a failed render.
import workerpool from 'workerpool';
import { type MapPngOptions, type MapSvg, renderMapPng } from './png.ts';

workerpool.worker({
  render: (svg: MapSvg, options: MapPngOptions): Uint8Array => renderMapPng(svg, options),
  pid: (): number => process.pid,
});
