declare module 'shapefile' {
  import type { FeatureCollection } from 'geojson';
  export function read(
    shp: Uint8Array | ArrayBuffer | string,
    dbf?: Uint8Array | ArrayBuffer | string,
    options?: { encoding?: string },
  ): Promise<FeatureCollection>;
}
