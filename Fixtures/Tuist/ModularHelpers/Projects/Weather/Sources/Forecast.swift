struct Forecast {}
