/**
 * Weather for outdoor games (issue 29; server/domains/weather/README.md): the wrapper's Game carries the cached
 * forecast of its start hour (feed lists and retrieveGame) and, for its managers, the weather warning. No operation
 * of its own: the rain cancel is cancelGame with cancellationReason BAD_WEATHER.
 */
export const weatherTypeDefs = /* GraphQL */ `
  "The cached forecast of a game's start hour on an outdoor court. condition: clear, mostlyClear, partlyCloudy, overcast, fog, drizzle, rain, snow or thunderstorm (from the WMO code)"
  type GameWeather { hour: DateTime! code: Int! condition: String! temperatureC: Float! precipitationMm: Float! windKmh: Int! gustsKmh: Int! fetchedAt: DateTime! }
  "The organiser's weather warning (kind STORM, RAIN or HEAT), sent 3 hours before the start, with the hour that warned most"
  type GameWeatherAlert { kind: String! sentAt: DateTime! hour: DateTime! code: Int! temperatureC: Float! precipitationMm: Float! gustsKmh: Int! }
  extend type Game {
    "null: no forecast known (indoor, no court, not yet fetched)"
    weather: GameWeather
    "managers only, until the game is cancelled"
    weatherAlert: GameWeatherAlert
  }
`;
