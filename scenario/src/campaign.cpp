#include "ramus/scenario/campaign.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "json_node.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/random_draws.hpp"

namespace ramus::scenario {

struct Campaign::Document {
  nlohmann::json nominal;
};

namespace {

nlohmann::json parse_json(std::string_view text, const char* what) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw ScenarioError(what, std::string("invalid JSON: ") + e.what());
  }
}

/// 'text', built by append (GCC 12 warns, wrongly, on "'" + std::string temporaries: -Wrestrict).
std::string in_quotes(std::string_view text) { return std::string("'").append(text).append("'"); }

/// The number at `path` ("a.b[2].c") in `document`, stepping into {"value": …, "unit": …} objects
/// where the path continues into the value or ends on the object. Returns null with `error` set
/// when there is none.
nlohmann::json* resolve(nlohmann::json& document, const std::string& path, std::string& error) {
  nlohmann::json* node = &document;
  const auto into_value = [&] {
    if (node->is_object() && node->contains("value") && node->contains("unit")) node = &(*node)["value"];
  };
  const auto fail = [&](std::string reason) -> nlohmann::json* {
    error = std::move(reason);
    return nullptr;
  };
  const auto missing = [&](std::size_t length) {
    return fail(in_quotes(std::string_view(path).substr(0, length)).append(" is not in the scenario"));
  };
  std::size_t i = 0;
  while (i < path.size()) {
    if (path[i] == '[') {
      const std::size_t close = path.find(']', i);
      if (close == std::string::npos || close == i + 1) return fail("bad index in " + in_quotes(path));
      const std::string digits = path.substr(i + 1, close - i - 1);
      for (const char c : digits)
        if (!std::isdigit(static_cast<unsigned char>(c))) return fail("bad index in " + in_quotes(path));
      into_value();
      const std::size_t index = std::stoul(digits);
      if (!node->is_array() || index >= node->size()) return missing(close + 1);
      node = &(*node)[index];
      i = close + 1;
      continue;
    }
    if (path[i] == '.') {
      if (i == 0) return fail("bad path " + in_quotes(path));
      ++i;
    }
    const std::size_t end = std::min(path.find_first_of(".[", i), path.size());
    const std::string key = path.substr(i, end - i);
    if (key.empty()) return fail("bad path " + in_quotes(path));
    if (!node->is_object() || !node->contains(key)) return missing(end);
    node = &(*node)[key];
    i = end;
  }
  into_value();
  if (!node->is_number()) return fail(in_quotes(path).append(" is not a number in the scenario"));
  return node;
}

}  // namespace

Campaign::Campaign(std::string_view scenario_json, std::string_view dispersions_json)
    : document_(std::make_unique<Document>()) {
  document_->nominal = parse_json(scenario_json, "(document)");
  nominal_ = parse_scenario(scenario_json);

  const nlohmann::json dispersions = parse_json(dispersions_json, "dispersions");
  const Node root(dispersions, "dispersions");
  root.require_keys({"description", "seed", "parameters", "summary"});
  const Node seed = root.at("seed");
  if (!seed.json().is_number_unsigned()) seed.fail("must be a non-negative integer");
  seed_ = seed.json().get<std::uint64_t>();
  for (const Node& p : root.at("parameters").elements(1)) {
    p.require_keys({"path", "distribution", "mean", "sigma", "low", "high"});
    Dispersion d;
    const Node path = p.at("path");
    d.path = path.string();
    std::string error;
    nlohmann::json copy = document_->nominal;
    const nlohmann::json* target = resolve(copy, d.path, error);
    if (target == nullptr) path.fail(error);
    for (const Dispersion& other : dispersions_)
      if (other.path == d.path) path.fail(in_quotes(d.path).append(" is already dispersed"));
    const Node distribution = p.at("distribution");
    const std::string name = distribution.string();
    if (name == "normal") {
      for (const char* key : {"low", "high"})
        if (p.has(key)) p.at(key).fail("a normal distribution takes mean and sigma");
      d.distribution = Distribution::normal;
      d.a = p.has("mean") ? p.at("mean").number() : target->get<double>();
      const Node sigma = p.at("sigma");
      d.b = sigma.number();
      if (!(d.b >= 0.0)) sigma.fail("must not be negative");
    } else if (name == "uniform") {
      for (const char* key : {"mean", "sigma"})
        if (p.has(key)) p.at(key).fail("a uniform distribution takes low and high");
      d.distribution = Distribution::uniform;
      d.a = p.at("low").number();
      const Node high = p.at("high");
      d.b = high.number();
      if (!(d.b > d.a)) high.fail("must be greater than low");
    } else {
      distribution.fail("unknown distribution '" + name + "' (known: normal, uniform)");
    }
    dispersions_.push_back(d);
  }
  if (const auto summary = root.find("summary")) {
    const std::vector<Node> names = summary->elements(1);
    for (const Node& n : names) {
      summary_.push_back(n.string());
      try {
        const QuantityLog check(*nominal_.model, {summary_.back()});
      } catch (const ScenarioError& e) {
        n.fail(e.reason());
      }
    }
  } else {
    summary_ = nominal_.log;
  }
}

Campaign::~Campaign() = default;
Campaign::Campaign(Campaign&&) noexcept = default;

std::vector<double> Campaign::draw(std::uint64_t run) const {
  std::vector<double> values;
  for (std::size_t k = 0; k < dispersions_.size(); ++k) {
    const Dispersion& d = dispersions_[k];
    RandomStream stream(seed_, run, k);
    values.push_back(d.distribution == Distribution::normal ? d.a + d.b * stream.normal()
                                                            : d.a + (d.b - d.a) * stream.uniform());
  }
  return values;
}

Scenario Campaign::scenario(std::uint64_t run) const {
  nlohmann::json document = document_->nominal;
  const std::vector<double> values = draw(run);
  for (std::size_t k = 0; k < dispersions_.size(); ++k) {
    std::string error;
    *resolve(document, dispersions_[k].path, error) = values[k];  // checked in the constructor
  }
  try {
    return parse_scenario(document.dump());
  } catch (const ScenarioError& e) {
    throw ScenarioError(e.path(), "run " + std::to_string(run) + ": " + e.reason());
  }
}

}  // namespace ramus::scenario
