#include "ramus/scenario/campaign.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <optional>

#include "json_node.hpp"
#include "ramus/scenario/logged_quantities.hpp"
#include "ramus/scenario/random_draws.hpp"

namespace ramus::scenario {

struct Campaign::Document {
  nlohmann::json nominal;
  std::vector<nlohmann::json::json_pointer> targets;  ///< each dispersion's location, parsed
};

namespace {

using nlohmann::json;

json parse_json(std::string_view text, const char* what) { return parse_document(text, what); }

/// 'text', built by append (GCC 12 warns, wrongly, on "'" + std::string temporaries: -Wrestrict).
std::string in_quotes(std::string_view text) { return std::string("'").append(text).append("'"); }

/// The shortest text that reads back to x ("inf", "nan" for those).
std::string number_text(double x) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, result.ptr);
}

/// The number a dispersion path ("a.b[2].c") names in `document`, as the JSON pointer of the
/// value it changes: a path may end on a {"value": …, "unit": …} object or index into its value
/// ("omega_BN_B[2]"), both of which change the object's "value" ("/…/omega_BN_B/value/2"), so two
/// spellings of one number ("mass" and "mass.value", "[0]" and "[00]") have one pointer.
/// Grammar: a key, then any of ".key" and "[digits]"; a key ends at '.' or '[', an index is
/// followed by '.', '[' or the end. Returns nothing with `error` set when the path is malformed
/// or names no number of the document.
std::optional<json::json_pointer> resolve(const json& document, const std::string& path, std::string& error) {
  const json* node = &document;
  json::json_pointer pointer;
  const auto into_value = [&] {
    if (node->is_object() && node->contains("value") && node->contains("unit")) {
      node = &(*node)["value"];
      pointer /= "value";
    }
  };
  const auto fail = [&](std::string reason) -> std::optional<json::json_pointer> {
    error = std::move(reason);
    return std::nullopt;
  };
  const auto bad = [&](std::size_t at, std::string_view why) {
    return fail("bad path " + in_quotes(path) + ": " + std::string(why) + " at character " + std::to_string(at + 1));
  };
  const auto missing = [&](std::size_t length) {
    return fail(in_quotes(std::string_view(path).substr(0, length)).append(" is not in the scenario"));
  };
  if (path.empty()) return fail("bad path '': empty");
  std::size_t i = 0;
  while (i < path.size()) {
    if (path[i] == '[') {
      const std::size_t close = path.find(']', i);
      if (close == std::string::npos) return bad(i, "'[' without ']'");
      if (close == i + 1) return bad(i, "empty index");
      // Digits only; an index beyond any array (more than 9 significant digits) is "not in".
      std::size_t index = 0;
      bool huge = false;
      for (std::size_t k = i + 1; k < close; ++k) {
        const char c = path[k];
        if (!std::isdigit(static_cast<unsigned char>(c))) return bad(k, "an index holds digits only");
        if (index > 99'999'999) huge = true;
        if (!huge) index = index * 10 + static_cast<std::size_t>(c - '0');
      }
      into_value();
      if (!node->is_array() || huge || index >= node->size()) return missing(close + 1);
      node = &(*node)[index];
      pointer /= index;
      i = close + 1;
      if (i < path.size() && path[i] != '.' && path[i] != '[')
        return bad(i, "an index is followed by '.', '[' or the end");
      continue;
    }
    if (path[i] == '.') {
      if (i == 0) return bad(i, "a path starts with a key");
      ++i;
    }
    const std::size_t end = std::min(path.find_first_of(".[", i), path.size());
    const std::string key = path.substr(i, end - i);
    if (key.empty()) return bad(i, "empty key");
    if (!node->is_object() || !node->contains(key)) return missing(end);
    node = &(*node)[key];
    pointer /= key;
    i = end;
  }
  into_value();
  if (!node->is_number()) return fail(in_quotes(path).append(" is not a number in the scenario"));
  return pointer;
}

}  // namespace

Campaign::Campaign(std::string_view scenario_json, std::string_view dispersions_json, std::filesystem::path base)
    : document_(std::make_unique<Document>()), base_(std::move(base)) {
  document_->nominal = parse_json(scenario_json, "");
  nominal_ = parse_scenario(scenario_json, base_);

  const json dispersions = parse_json(dispersions_json, "dispersions");
  const Node root(dispersions, "dispersions");
  root.require_keys({"description", "seed", "parameters", "summary"});
  const Node seed = root.at("seed");
  if (!seed.json().is_number_unsigned()) seed.fail("must be a non-negative integer");
  seed_ = seed.json().get<std::uint64_t>();
  std::map<std::string, std::size_t, std::less<>> dispersed;  // location → index of its parameter
  const std::vector<Node> parameters = root.at("parameters").elements(1);
  for (std::size_t k = 0; k < parameters.size(); ++k) {
    const Node& p = parameters[k];
    p.require_keys({"path", "distribution", "mean", "sigma", "low", "high", "moments_sigma", "axes_sigma"});
    if (p.at("distribution").string() == "inertia") {
      add_inertia_dispersion(p, k, dispersed);
      continue;
    }
    for (const char* key : {"moments_sigma", "axes_sigma"})
      if (p.has(key)) p.at(key).fail("moments_sigma and axes_sigma belong to the inertia distribution");
    Dispersion d;
    d.parameter = k;
    const Node path = p.at("path");
    d.path = path.string();
    std::string error;
    const std::optional<json::json_pointer> target = resolve(document_->nominal, d.path, error);
    if (!target) path.fail(error);
    d.location = target->to_string();
    if (const auto [it, inserted] = dispersed.emplace(d.location, k); !inserted)
      path.fail(in_quotes(d.path)
                    .append(" is already dispersed by parameters[")
                    .append(std::to_string(it->second))
                    .append("].path ")
                    .append(in_quotes(path_of_parameter(it->second)))
                    .append(": both change ")
                    .append(d.location));
    const double nominal = document_->nominal.at(*target).get<double>();
    const Node distribution = p.at("distribution");
    const std::string name = distribution.string();
    if (name == "normal") {
      for (const char* key : {"low", "high"})
        if (p.has(key)) p.at(key).fail("a normal distribution takes mean and sigma");
      d.distribution = Distribution::normal;
      d.a = p.has("mean") ? p.at("mean").number() : nominal;
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
      // A draw is low + (high − low) u: the width must be a finite double.
      if (!std::isfinite(d.b - d.a))
        high.fail("the range high - low = " + number_text(d.b) + " - (" + number_text(d.a) +
                  ") overflows a double: give a range narrower than " +
                  number_text(std::numeric_limits<double>::max()));
    } else {
      distribution.fail("unknown distribution '" + name + "' (known: normal, uniform, inertia)");
    }
    dispersions_.push_back(d);
    document_->targets.push_back(*target);
  }
  if (const auto summary = root.find("summary")) {
    const std::vector<Node> names = summary->elements(1);
    std::map<std::string, std::size_t, std::less<>> listed;  // name → its first index
    for (std::size_t i = 0; i < names.size(); ++i) {
      const Node& n = names[i];
      summary_.push_back(n.string());
      if (const auto [it, inserted] = listed.emplace(summary_.back(), i); !inserted)
        n.fail(in_quotes(summary_.back()) + " is already listed at dispersions.summary[" + std::to_string(it->second) +
               "]; list each quantity once");
      try {
        const QuantityLog check(nominal_, {summary_.back()});
      } catch (const ScenarioError& e) {
        n.fail(e.reason());
      }
    }
  } else {
    summary_ = nominal_.log;
  }
  // A task that took values from its vehicle's model takes them from each run's vehicle: say so
  // when a dispersion changes that vehicle (anything under it but its initial translation and
  // attitude, which leave its mass properties in B unchanged).
  for (const FlightSoftwareTaskSpec& task : nominal_.flight_software) {
    if (task.from_model.empty()) continue;
    const std::string under = "/vehicles/" + std::to_string(task.vehicle) + "/";
    std::string changed;
    for (const Dispersion& d : dispersions_)
      if (d.location.starts_with(under) && !d.location.starts_with(under + "initial_state/"))
        changed += (changed.empty() ? "" : ", ") + d.path;
    if (changed.empty()) continue;
    notes_.push_back(task.path + " '" + task.name + "' takes " + task.from_model + " from vehicle '" +
                     nominal_.model->vehicle(task.vehicle).name() + "', which the dispersions change (" + changed +
                     "): each run recomputes it from that run's vehicle, so the flight software knows the dispersed "
                     "values; give them in the task to hold them at their nominal values");
  }
}

void Campaign::add_inertia_dispersion(const Node& p, std::size_t k,
                                      std::map<std::string, std::size_t, std::less<>>& dispersed) {
  for (const char* key : {"mean", "sigma", "low", "high"})
    if (p.has(key)) p.at(key).fail("an inertia distribution takes moments_sigma and axes_sigma");
  auto spec = std::make_shared<InertiaDispersion>();
  const Node path = p.at("path");
  spec->path = path.string();
  // The nine entries, each a number of the scenario (through a {"value", "unit"} object).
  std::vector<Dispersion> entries;
  Eigen::Matrix3d nominal;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      Dispersion d;
      d.parameter = k;
      d.distribution = Distribution::inertia;
      d.row = i, d.col = j;
      d.path = spec->path + "[" + std::to_string(i) + "][" + std::to_string(j) + "]";
      std::string error;
      const std::optional<json::json_pointer> target = resolve(document_->nominal, d.path, error);
      if (!target) path.fail(in_quotes(spec->path) + " is not a 3x3 matrix of numbers in the scenario (" + error + ")");
      d.location = target->to_string();
      nominal(i, j) = document_->nominal.at(*target).get<double>();
      if (const auto [it, inserted] = dispersed.emplace(d.location, k); !inserted)
        path.fail(in_quotes(spec->path) + " holds " + in_quotes(d.path) + ", already dispersed by parameters[" +
                  std::to_string(it->second) + "]");
      document_->targets.push_back(*target);
      entries.push_back(std::move(d));
    }
  if (!nominal.allFinite() || (nominal - nominal.transpose()).cwiseAbs().maxCoeff() > 0.0)
    path.fail(in_quotes(spec->path) +
              " is not a symmetric matrix in the scenario: an inertia distribution disperses "
              "an inertia tensor");
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eigen(nominal);
  spec->axes = eigen.eigenvectors();
  spec->moments = eigen.eigenvalues();
  if (!(spec->moments.minCoeff() > 0.0))
    path.fail(in_quotes(spec->path) + " has the principal moments " + number_text(spec->moments[0]) + ", " +
              number_text(spec->moments[1]) + ", " + number_text(spec->moments[2]) +
              ": an inertia tensor's are positive");
  // moments_sigma: one number for the three moments or three (ascending moments' order).
  if (const auto m = p.find("moments_sigma")) {
    if (m->json().is_array()) {
      const std::vector<Node> items = m->elements();
      if (items.size() != 3) m->fail("must be a number or three numbers (one per principal moment, ascending)");
      for (int i = 0; i < 3; ++i) spec->moments_sigma[i] = items[static_cast<std::size_t>(i)].number();
    } else {
      spec->moments_sigma.setConstant(m->number());
    }
    if (!spec->moments_sigma.allFinite() || spec->moments_sigma.minCoeff() < 0.0)
      m->fail("must be finite and not negative");
  }
  if (const auto a = p.find("axes_sigma")) {
    spec->axes_sigma = a->si(Dimension::angle);
    if (!std::isfinite(spec->axes_sigma) || spec->axes_sigma < 0.0) a->fail("must be finite and not negative");
  }
  if (!p.has("moments_sigma") && !p.has("axes_sigma"))
    p.at("distribution").fail("an inertia distribution needs moments_sigma, axes_sigma or both");
  for (Dispersion& d : entries) {
    d.inertia = spec;
    dispersions_.push_back(std::move(d));
  }
}

Eigen::Matrix3d InertiaDispersion::draw(const double z[6]) const {
  const Eigen::Vector3d moment = moments + moments_sigma.cwiseProduct(Eigen::Vector3d(z[0], z[1], z[2]));
  const Eigen::Vector3d theta = axes_sigma * Eigen::Vector3d(z[3], z[4], z[5]);
  const double angle = theta.norm();
  const Eigen::Matrix3d turn =
      angle > 0.0 ? Eigen::AngleAxisd(angle, theta / angle).toRotationMatrix() : Eigen::Matrix3d::Identity();
  const Eigen::Matrix3d turned = turn * axes;
  const Eigen::Matrix3d I = turned * moment.asDiagonal() * turned.transpose();
  return 0.5 * (I + I.transpose());  // symmetric to the bit: (a + b)/2 is the same sum both ways
}

std::string Campaign::path_of_parameter(std::size_t k) const {
  for (const Dispersion& d : dispersions_)
    if (d.parameter == k) return d.inertia ? d.inertia->path : d.path;
  return {};
}

Campaign::~Campaign() = default;
Campaign::Campaign(Campaign&&) noexcept = default;

std::vector<double> Campaign::draw(std::uint64_t run) const {
  std::vector<double> values;
  Eigen::Matrix3d tensor = Eigen::Matrix3d::Zero();
  for (std::size_t k = 0; k < dispersions_.size(); ++k) {
    const Dispersion& d = dispersions_[k];
    RandomStream stream(seed_, run, d.parameter);
    if (d.distribution == Distribution::inertia) {
      if (d.row == 0 && d.col == 0) {  // the tensor's first entry: draw it whole (its entries follow)
        double z[6];
        for (double& zi : z) zi = stream.normal();
        tensor = d.inertia->draw(z);
      }
      values.push_back(tensor(d.row, d.col));
      continue;
    }
    values.push_back(d.distribution == Distribution::normal ? d.a + d.b * stream.normal()
                                                            : d.a + (d.b - d.a) * stream.uniform());
  }
  return values;
}

Scenario Campaign::scenario(std::uint64_t run) const {
  nlohmann::json document = document_->nominal;
  const std::vector<double> values = draw(run);
  for (std::size_t k = 0; k < dispersions_.size(); ++k) {
    const Dispersion& d = dispersions_[k];
    // A normal draw mean + sigma z overflows when sigma is near the largest double; JSON has no
    // infinity (nlohmann would write null), so the run is refused here, naming the draw.
    if (!std::isfinite(values[k]))
      throw ScenarioError(d.path, "run " + std::to_string(run) + ": the draw of dispersions.parameters[" +
                                      std::to_string(d.parameter) + "] (" +
                                      (d.distribution == Distribution::normal
                                           ? "normal, mean " + number_text(d.a) + ", sigma " + number_text(d.b)
                                       : d.distribution == Distribution::uniform
                                           ? "uniform on [" + number_text(d.a) + ", " + number_text(d.b) + ")"
                                           : "inertia of " + d.inertia->path) +
                                      ") is " + number_text(values[k]) + ", not a finite number");
    document.at(document_->targets[k]) = values[k];  // the location checked in the constructor
  }
  try {
    Scenario s = parse_scenario(document.dump(), base_);
    s.noise_seed = NoiseSeed{seed_, run};  // the sensors' noise of run `run` (docs/scenario.md §6)
    return s;
  } catch (const ScenarioError& e) {
    throw ScenarioError(e.path(), "run " + std::to_string(run) + ": " + e.reason());
  }
}

}  // namespace ramus::scenario
