# Sourced by the check-store tests: fields of a check-store JSON report written to "$work/NAME.json".
total() {  # total NAME KEY: a count of the JSON report's totals
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["totals"][sys.argv[2]])' \
    "$work/$1.json" "$2"
}
verdict() {  # verdict NAME ID: that array's verdict in the JSON report
  python3 -c 'import json,sys; print(next(a["verdict"] for a in json.load(open(sys.argv[1]))["arrays"] if a["id"] == sys.argv[2]))' \
    "$work/$1.json" "$2"
}
