/**
 * What the geocoder emulator knows: real streets (as straight segments with their house-number range),
 * parks and sports grounds of the demo cities (server/db/seed-demo.ts, seed-games.ts), with coordinates
 * close to OpenStreetMap's. The OSM ids are made up (stable, but not OpenStreetMap's).
 */

export type EmulatedCity = {
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  /** km: reverse geocoding answers inside this radius, "Unable to geocode" outside every city */
  radiusKm: number;
  osmRelationId: number;
  postcode: string;
};

export type EmulatedStreet = {
  city: string;
  suburb: string;
  name: string;
  postcode: string;
  osmWayId: number;
  /** house number 1 lies at `from`, `maxNumber` at `to` */
  from: [number, number];
  to: [number, number];
  maxNumber: number;
};

export type EmulatedPlace = {
  city: string;
  suburb: string;
  name: string;
  category: "leisure";
  type: "park" | "pitch" | "sports_centre" | "stadium";
  osmType: "node" | "way" | "relation";
  osmId: number;
  latitude: number;
  longitude: number;
  /** m: a reverse lookup inside this circle answers with the place */
  radiusM: number;
  street: string;
  houseNumber?: string;
  postcode: string;
};

export const CITIES: EmulatedCity[] = [
  { city: "Berlin", state: "Berlin", latitude: 52.520008, longitude: 13.404954, radiusKm: 25, osmRelationId: 62422, postcode: "10117" },
  { city: "Hamburg", state: "Hamburg", latitude: 53.551086, longitude: 9.993682, radiusKm: 20, osmRelationId: 62782, postcode: "20095" },
  { city: "München", state: "Bayern", latitude: 48.135125, longitude: 11.581981, radiusKm: 15, osmRelationId: 62428, postcode: "80331" },
  { city: "Köln", state: "Nordrhein-Westfalen", latitude: 50.937531, longitude: 6.960279, radiusKm: 15, osmRelationId: 62578, postcode: "50667" },
  { city: "Frankfurt am Main", state: "Hessen", latitude: 50.110924, longitude: 8.682127, radiusKm: 12, osmRelationId: 62400, postcode: "60311" },
  { city: "Stuttgart", state: "Baden-Württemberg", latitude: 48.775846, longitude: 9.182932, radiusKm: 10, osmRelationId: 2793104, postcode: "70173" },
  { city: "Leipzig", state: "Sachsen", latitude: 51.339695, longitude: 12.373075, radiusKm: 12, osmRelationId: 62649, postcode: "04109" },
  { city: "Düsseldorf", state: "Nordrhein-Westfalen", latitude: 51.227741, longitude: 6.773456, radiusKm: 12, osmRelationId: 62539, postcode: "40213" },
];

export const STREETS: EmulatedStreet[] = [
  // Berlin
  { city: "Berlin", suburb: "Tempelhof", name: "Tempelhofer Damm", postcode: "12101", osmWayId: 4396001, from: [52.4845, 13.3857], to: [52.4601, 13.3849], maxNumber: 250 },
  { city: "Berlin", suburb: "Prenzlauer Berg", name: "Gleimstraße", postcode: "10437", osmWayId: 4396002, from: [52.5466, 13.3985], to: [52.5478, 13.4132], maxNumber: 70 },
  { city: "Berlin", suburb: "Prenzlauer Berg", name: "Danziger Straße", postcode: "10435", osmWayId: 4396003, from: [52.5407, 13.4122], to: [52.5297, 13.4353], maxNumber: 120 },
  { city: "Berlin", suburb: "Moabit", name: "Stromstraße", postcode: "10551", osmWayId: 4396004, from: [52.5237, 13.3428], to: [52.5337, 13.3436], maxNumber: 70 },
  { city: "Berlin", suburb: "Friedrichshain", name: "Karl-Marx-Allee", postcode: "10243", osmWayId: 4396005, from: [52.5189, 13.4178], to: [52.5153, 13.4528], maxNumber: 140 },
  { city: "Berlin", suburb: "Kreuzberg", name: "Görlitzer Straße", postcode: "10997", osmWayId: 4396006, from: [52.4996, 13.4333], to: [52.4944, 13.4428], maxNumber: 75 },
  // Hamburg
  { city: "Hamburg", suburb: "Altstadt", name: "Mönckebergstraße", postcode: "20095", osmWayId: 4397001, from: [53.5504, 9.9985], to: [53.5519, 10.0071], maxNumber: 30 },
  { city: "Hamburg", suburb: "St. Pauli", name: "St. Petersburger Straße", postcode: "20355", osmWayId: 4397002, from: [53.5577, 9.9827], to: [53.5617, 9.9846], maxNumber: 40 },
  { city: "Hamburg", suburb: "Winterhude", name: "Südring", postcode: "22303", osmWayId: 4397003, from: [53.5938, 10.0178], to: [53.5976, 10.0305], maxNumber: 40 },
  { city: "Hamburg", suburb: "Sternschanze", name: "Schanzenstraße", postcode: "20357", osmWayId: 4397004, from: [53.5602, 9.9660], to: [53.5665, 9.9640], maxNumber: 120 },
  // München
  { city: "München", suburb: "Altstadt-Lehel", name: "Kaufingerstraße", postcode: "80331", osmWayId: 4398001, from: [48.1389, 11.5706], to: [48.1372, 11.5748], maxNumber: 30 },
  { city: "München", suburb: "Milbertshofen-Am Hart", name: "Spiridon-Louis-Ring", postcode: "80809", osmWayId: 4398002, from: [48.1760, 11.5430], to: [48.1712, 11.5532], maxNumber: 30 },
  { city: "München", suburb: "Sendling-Westpark", name: "Westendstraße", postcode: "81377", osmWayId: 4398003, from: [48.1321, 11.5350], to: [48.1240, 11.5150], maxNumber: 300 },
  { city: "München", suburb: "Schwabing", name: "Leopoldstraße", postcode: "80802", osmWayId: 4398004, from: [48.1530, 11.5830], to: [48.1680, 11.5870], maxNumber: 250 },
  // Köln
  { city: "Köln", suburb: "Altstadt-Nord", name: "Hohe Straße", postcode: "50667", osmWayId: 4399001, from: [50.9400, 6.9567], to: [50.9355, 6.9555], maxNumber: 160 },
  { city: "Köln", suburb: "Deutz", name: "Auenweg", postcode: "50679", osmWayId: 4399002, from: [50.9417, 6.9768], to: [50.9489, 6.9805], maxNumber: 50 },
  { city: "Köln", suburb: "Neustadt-Süd", name: "Aachener Straße", postcode: "50674", osmWayId: 4399003, from: [50.9370, 6.9380], to: [50.9380, 6.9180], maxNumber: 200 },
  // Frankfurt am Main
  { city: "Frankfurt am Main", suburb: "Innenstadt", name: "Zeil", postcode: "60313", osmWayId: 4400001, from: [50.1147, 8.6790], to: [50.1152, 8.6905], maxNumber: 130 },
  { city: "Frankfurt am Main", suburb: "Ostend", name: "Ostparkstraße", postcode: "60385", osmWayId: 4400002, from: [50.1178, 8.7155], to: [50.1213, 8.7233], maxNumber: 60 },
  { city: "Frankfurt am Main", suburb: "Westend-Nord", name: "Miquelallee", postcode: "60323", osmWayId: 4400003, from: [50.1278, 8.6550], to: [50.1279, 8.6700], maxNumber: 50 },
  // Stuttgart
  { city: "Stuttgart", suburb: "Mitte", name: "Königstraße", postcode: "70173", osmWayId: 4401001, from: [48.7843, 9.1817], to: [48.7759, 9.1768], maxNumber: 70 },
  { city: "Stuttgart", suburb: "Killesberg", name: "Stresemannstraße", postcode: "70191", osmWayId: 4401002, from: [48.8019, 9.1702], to: [48.8062, 9.1765], maxNumber: 90 },
  { city: "Stuttgart", suburb: "Bad Cannstatt", name: "Mercedesstraße", postcode: "70372", osmWayId: 4401003, from: [48.7930, 9.2250], to: [48.7880, 9.2330], maxNumber: 100 },
  // Leipzig
  { city: "Leipzig", suburb: "Zentrum", name: "Grimmaische Straße", postcode: "04109", osmWayId: 4402001, from: [51.3398, 12.3766], to: [51.3392, 12.3813], maxNumber: 40 },
  { city: "Leipzig", suburb: "Zentrum-Süd", name: "Anton-Bruckner-Allee", postcode: "04107", osmWayId: 4402002, from: [51.3287, 12.3556], to: [51.3322, 12.3624], maxNumber: 60 },
  { city: "Leipzig", suburb: "Neustadt-Neuschönefeld", name: "Eisenbahnstraße", postcode: "04315", osmWayId: 4402003, from: [51.3470, 12.3980], to: [51.3485, 12.4200], maxNumber: 180 },
  // Düsseldorf
  { city: "Düsseldorf", suburb: "Stadtmitte", name: "Königsallee", postcode: "40212", osmWayId: 4403001, from: [51.2275, 6.7801], to: [51.2198, 6.7793], maxNumber: 110 },
  { city: "Düsseldorf", suburb: "Golzheim", name: "Cecilienallee", postcode: "40474", osmWayId: 4403002, from: [51.2418, 6.7702], to: [51.2522, 6.7641], maxNumber: 70 },
  { city: "Düsseldorf", suburb: "Oberbilk", name: "Oberbilker Allee", postcode: "40227", osmWayId: 4403003, from: [51.2150, 6.7900], to: [51.2080, 6.8020], maxNumber: 300 },
];

export const PLACES: EmulatedPlace[] = [
  // Berlin
  { city: "Berlin", suburb: "Tempelhof", name: "Tempelhofer Feld", category: "leisure", type: "park", osmType: "relation", osmId: 3040506, latitude: 52.4735, longitude: 13.4017, radiusM: 1100, street: "Tempelhofer Damm", postcode: "12101" },
  { city: "Berlin", suburb: "Tempelhof", name: "Bolzplatz Tempelhofer Feld", category: "leisure", type: "pitch", osmType: "way", osmId: 230405061, latitude: 52.4731, longitude: 13.4039, radiusM: 60, street: "Tempelhofer Damm", postcode: "12101" },
  { city: "Berlin", suburb: "Prenzlauer Berg", name: "Mauerpark", category: "leisure", type: "park", osmType: "way", osmId: 25016001, latitude: 52.5430, longitude: 13.4025, radiusM: 280, street: "Gleimstraße", postcode: "10437" },
  { city: "Berlin", suburb: "Prenzlauer Berg", name: "Soccer Court Mauerpark", category: "leisure", type: "pitch", osmType: "way", osmId: 250160011, latitude: 52.5433, longitude: 13.4027, radiusM: 40, street: "Gleimstraße", houseNumber: "55", postcode: "10437" },
  { city: "Berlin", suburb: "Friedrichshain", name: "Volkspark Friedrichshain", category: "leisure", type: "park", osmType: "relation", osmId: 1705001, latitude: 52.5280, longitude: 13.4330, radiusM: 450, street: "Danziger Straße", postcode: "10249" },
  { city: "Berlin", suburb: "Kreuzberg", name: "Görlitzer Park", category: "leisure", type: "park", osmType: "way", osmId: 25016002, latitude: 52.4965, longitude: 13.4375, radiusM: 350, street: "Görlitzer Straße", postcode: "10997" },
  { city: "Berlin", suburb: "Kreuzberg", name: "Bolzplatz Görlitzer Park", category: "leisure", type: "pitch", osmType: "way", osmId: 250160021, latitude: 52.4958, longitude: 13.4392, radiusM: 40, street: "Görlitzer Straße", postcode: "10997" },
  { city: "Berlin", suburb: "Moabit", name: "Sporthalle Moabit", category: "leisure", type: "sports_centre", osmType: "way", osmId: 25016003, latitude: 52.5282, longitude: 13.3434, radiusM: 50, street: "Stromstraße", houseNumber: "33", postcode: "10551" },
  { city: "Berlin", suburb: "Prenzlauer Berg", name: "Friedrich-Ludwig-Jahn-Sportpark", category: "leisure", type: "stadium", osmType: "relation", osmId: 1705002, latitude: 52.5418, longitude: 13.4050, radiusM: 150, street: "Cantianstraße", houseNumber: "24", postcode: "10437" },
  // Hamburg
  { city: "Hamburg", suburb: "St. Pauli", name: "Planten un Blomen", category: "leisure", type: "park", osmType: "relation", osmId: 1705101, latitude: 53.5600, longitude: 9.9830, radiusM: 400, street: "St. Petersburger Straße", postcode: "20355" },
  { city: "Hamburg", suburb: "Winterhude", name: "Hamburger Stadtpark", category: "leisure", type: "park", osmType: "relation", osmId: 1705102, latitude: 53.5962, longitude: 10.0227, radiusM: 700, street: "Südring", postcode: "22303" },
  { city: "Hamburg", suburb: "Sternschanze", name: "Sternschanzenpark", category: "leisure", type: "park", osmType: "way", osmId: 25017001, latitude: 53.5640, longitude: 9.9700, radiusM: 250, street: "Schanzenstraße", postcode: "20357" },
  { city: "Hamburg", suburb: "Sternschanze", name: "Bolzplatz Sternschanzenpark", category: "leisure", type: "pitch", osmType: "way", osmId: 250170011, latitude: 53.5646, longitude: 9.9690, radiusM: 40, street: "Schanzenstraße", postcode: "20357" },
  // München
  { city: "München", suburb: "Milbertshofen-Am Hart", name: "Olympiapark", category: "leisure", type: "park", osmType: "relation", osmId: 1705201, latitude: 48.1740, longitude: 11.5520, radiusM: 800, street: "Spiridon-Louis-Ring", postcode: "80809" },
  { city: "München", suburb: "Sendling-Westpark", name: "Westpark", category: "leisure", type: "park", osmType: "relation", osmId: 1705202, latitude: 48.1215, longitude: 11.5200, radiusM: 600, street: "Westendstraße", postcode: "81377" },
  { city: "München", suburb: "Schwabing", name: "Englischer Garten", category: "leisure", type: "park", osmType: "relation", osmId: 1705203, latitude: 48.1642, longitude: 11.6056, radiusM: 1200, street: "Leopoldstraße", postcode: "80802" },
  { city: "München", suburb: "Schwabing", name: "Bolzplatz Englischer Garten", category: "leisure", type: "pitch", osmType: "way", osmId: 250180011, latitude: 48.1552, longitude: 11.5930, radiusM: 40, street: "Leopoldstraße", postcode: "80802" },
  // Köln
  { city: "Köln", suburb: "Deutz", name: "Rheinpark", category: "leisure", type: "park", osmType: "relation", osmId: 1705301, latitude: 50.9460, longitude: 6.9800, radiusM: 500, street: "Auenweg", postcode: "50679" },
  { city: "Köln", suburb: "Neustadt-Süd", name: "Aachener Weiher", category: "leisure", type: "park", osmType: "way", osmId: 25019001, latitude: 50.9360, longitude: 6.9290, radiusM: 250, street: "Aachener Straße", postcode: "50674" },
  { city: "Köln", suburb: "Neustadt-Süd", name: "Bolzplatz Aachener Weiher", category: "leisure", type: "pitch", osmType: "way", osmId: 250190011, latitude: 50.9352, longitude: 6.9265, radiusM: 40, street: "Aachener Straße", postcode: "50674" },
  // Frankfurt am Main
  { city: "Frankfurt am Main", suburb: "Ostend", name: "Ostpark", category: "leisure", type: "park", osmType: "relation", osmId: 1705401, latitude: 50.1190, longitude: 8.7190, radiusM: 400, street: "Ostparkstraße", postcode: "60385" },
  { city: "Frankfurt am Main", suburb: "Westend-Nord", name: "Grüneburgpark", category: "leisure", type: "park", osmType: "way", osmId: 25020001, latitude: 50.1250, longitude: 8.6620, radiusM: 350, street: "Miquelallee", postcode: "60323" },
  { city: "Frankfurt am Main", suburb: "Westend-Nord", name: "Bolzplatz Grüneburgpark", category: "leisure", type: "pitch", osmType: "way", osmId: 250200011, latitude: 50.1262, longitude: 8.6640, radiusM: 40, street: "Miquelallee", postcode: "60323" },
  // Stuttgart
  { city: "Stuttgart", suburb: "Killesberg", name: "Höhenpark Killesberg", category: "leisure", type: "park", osmType: "relation", osmId: 1705501, latitude: 48.8045, longitude: 9.1720, radiusM: 450, street: "Stresemannstraße", postcode: "70191" },
  { city: "Stuttgart", suburb: "Bad Cannstatt", name: "Rosensteinpark", category: "leisure", type: "park", osmType: "relation", osmId: 1705502, latitude: 48.7960, longitude: 9.1990, radiusM: 600, street: "Mercedesstraße", postcode: "70372" },
  { city: "Stuttgart", suburb: "Bad Cannstatt", name: "Bolzplatz Rosensteinpark", category: "leisure", type: "pitch", osmType: "way", osmId: 250210011, latitude: 48.7985, longitude: 9.2040, radiusM: 40, street: "Mercedesstraße", postcode: "70372" },
  // Leipzig
  { city: "Leipzig", suburb: "Zentrum-Süd", name: "Clara-Zetkin-Park", category: "leisure", type: "park", osmType: "relation", osmId: 1705601, latitude: 51.3300, longitude: 12.3580, radiusM: 500, street: "Anton-Bruckner-Allee", postcode: "04107" },
  { city: "Leipzig", suburb: "Neustadt-Neuschönefeld", name: "Stadtteilpark Rabet", category: "leisure", type: "park", osmType: "way", osmId: 25022001, latitude: 51.3455, longitude: 12.4005, radiusM: 250, street: "Eisenbahnstraße", postcode: "04315" },
  { city: "Leipzig", suburb: "Neustadt-Neuschönefeld", name: "Bolzplatz Rabet", category: "leisure", type: "pitch", osmType: "way", osmId: 250220011, latitude: 51.3460, longitude: 12.4010, radiusM: 40, street: "Eisenbahnstraße", postcode: "04315" },
  // Düsseldorf
  { city: "Düsseldorf", suburb: "Golzheim", name: "Rheinpark Golzheim", category: "leisure", type: "park", osmType: "relation", osmId: 1705701, latitude: 51.2480, longitude: 6.7650, radiusM: 400, street: "Cecilienallee", postcode: "40474" },
  { city: "Düsseldorf", suburb: "Oberbilk", name: "Volksgarten", category: "leisure", type: "park", osmType: "relation", osmId: 1705702, latitude: 51.2070, longitude: 6.7930, radiusM: 500, street: "Oberbilker Allee", postcode: "40227" },
  { city: "Düsseldorf", suburb: "Oberbilk", name: "Bolzplatz Volksgarten", category: "leisure", type: "pitch", osmType: "way", osmId: 250230011, latitude: 51.2082, longitude: 6.7905, radiusM: 40, street: "Oberbilker Allee", postcode: "40227" },
];
