// `hydrocontact contact A B --velocity-a ... --velocity-b ...`: the contact
// kinematics (seed 004: frame, perr, verr, aerr, slip velocity) of two
// moving geometries, as one JSON object.

#include <iostream>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "proximity/distance/contact_kinematics.h"
#include "proximity/distance/distance_geometry.h"
#include "proximity/distance/shape_pair_distance.h"
#include "tools/cli/command.h"
#include "tools/cli/geometry_spec.h"
#include "tools/cli/json.h"

namespace hydrocontact::cli {
namespace {

std::string Help() {
  return std::string(R"(usage: hydrocontact contact A B [options]

The contact between geometries A and B as a plant's constraint solver sees
it (Simbody's UnilateralContact): a contact frame C, the position error perr
(the signed distance), its time derivatives verr and aerr, and the slip
velocity, given how A and B move. Quantities are in the world frame W.

Options:
  --velocity-a wx,wy,wz,vx,vy,vz   spatial velocity of A's frame G in W:
                                   angular velocity (rad/s), then the velocity
                                   of G's origin (m/s). Default: at rest.
  --velocity-b ...                 the same for B.
  --acceleration-a ax,ay,az,bx,by,bz   angular acceleration (rad/s^2), then
                                   the acceleration of G's origin (m/s^2), for
                                   aerr. Default: zero.
  --acceleration-b ...             the same for B.
  --sign 1|-1                      the sign convention (default 1): with 1,
                                   perr >= 0 is valid (apart) and verr < 0
                                   approaching; -1 negates perr, verr, aerr.
  --ptol t                         position tolerance of "proximal" (default
                                   0): proximal when sign*perr <= t.
  --max-distance d                 report no contact when the signed distance
                                   exceeds d (default: always report).

Output:
  geometry_a, geometry_b   the specs as given
  sign                     the sign convention used
  contacts                 an array of 0 or 1 contacts, each with
    origin       Co, midway between the witness points, in W
    x_axis, y_axis, z_axis   Cx, Cy, Cz in W; Cz is the normal pointing out
                 of A into B, Cx, Cy a deterministic tangent basis (for two
                 boxes edge on edge: Cx along A's edge)
    perr, verr, aerr   sign * signed distance (m) and its first and second
                 time derivatives (m/s, m/s^2)
    slip_velocity   [x, y]: velocity of B's material point at Co relative to
                 A's, along Cx and Cy (m/s)
    slip_speed   its norm
    proximal     sign*perr <= ptol
    method       how verr and aerr were obtained: sphere-sphere,
                 sphere-plane, point-plane, edge-edge (exact) or
                 witness-points (first order: witness points and normal
                 frozen on the bodies; verr exact, aerr misses curvature terms)

Two half-spaces are refused.
)") + GeometryArgumentsHelp(2) +
         "\nOn bad input prints one line on stderr and exits 2.\n";
}

// "a,b,c,d,e,f" → (angular, linear) of option `name`, or zeros if absent.
std::pair<Eigen::Vector3d, Eigen::Vector3d> ParseSpatial(const ParsedArgs& parsed, const std::string& name) {
  const auto it = parsed.options.find(name);
  if (it == parsed.options.end()) return {Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()};
  const std::vector<double> v = ParseNumbers(it->second, name);
  if (v.size() != 6) {
    throw UsageError(fmt::format("{}: expected 6 comma-separated numbers (angular x,y,z then linear x,y,z), got {}",
                                 name, v.size()));
  }
  return {Eigen::Vector3d(v[0], v[1], v[2]), Eigen::Vector3d(v[3], v[4], v[5])};
}

int Run(const std::vector<std::string>& args) {
  const ParsedArgs parsed =
      ParseArgs(args, 2, 0,
                {"--velocity-a", "--velocity-b", "--acceleration-a", "--acceleration-b", "--sign", "--ptol",
                 "--max-distance"},
                {});
  const GeometryArg& a = parsed.geometries[0];
  const GeometryArg& b = parsed.geometries[1];
  if (std::holds_alternative<HalfSpace>(a.shape) && std::holds_alternative<HalfSpace>(b.shape)) {
    throw UsageError("A '" + a.spec + "' and B '" + b.spec + "' are both half-spaces: their distance is unbounded");
  }
  int sign = 1;
  if (parsed.options.count("--sign")) {
    const double s = ParseDouble(parsed.options.at("--sign"), "--sign");
    if (s != 1 && s != -1) throw UsageError(fmt::format("--sign: must be 1 or -1, got '{}'", parsed.options.at("--sign")));
    sign = static_cast<int>(s);
  }
  const double ptol = parsed.options.count("--ptol") ? ParseDouble(parsed.options.at("--ptol"), "--ptol") : 0.0;
  const auto [w_A, v_A] = ParseSpatial(parsed, "--velocity-a");
  const auto [w_B, v_B] = ParseSpatial(parsed, "--velocity-b");
  const auto [alpha_A, a_A] = ParseSpatial(parsed, "--acceleration-a");
  const auto [alpha_B, a_B] = ParseSpatial(parsed, "--acceleration-b");

  // A gets the smaller id, so results come back in the command's order.
  const GeometryId id_A = GeometryId::get_new_id();
  const GeometryId id_B = GeometryId::get_new_id();
  const DistanceGeometry geometry_A = MakeDistanceGeometry(a.shape);
  const DistanceGeometry geometry_B = MakeDistanceGeometry(b.shape);
  const SignedDistancePair sd = ComputeSignedDistancePair(id_A, geometry_A, a.X_WG, id_B, geometry_B, b.X_WG);

  Json contacts = Json::MakeArray();
  const bool report = !parsed.options.count("--max-distance") ||
                      sd.distance <= ParseDouble(parsed.options.at("--max-distance"), "--max-distance");
  if (report) {
    const ContactKinematics k =
        CalcContactKinematics(sd, geometry_A, {a.X_WG, {w_A, v_A}, {alpha_A, a_A}}, geometry_B,
                              {b.X_WG, {w_B, v_B}, {alpha_B, a_B}}, sign);
    const Eigen::Matrix3d& R = k.X_WC.rotation();
    Json contact = Json::MakeObject();
    contact.Set("origin", Json(k.X_WC.translation()))
        .Set("x_axis", Json(Eigen::Vector3d(R.col(0))))
        .Set("y_axis", Json(Eigen::Vector3d(R.col(1))))
        .Set("z_axis", Json(Eigen::Vector3d(R.col(2))))
        .Set("perr", k.perr)
        .Set("verr", k.verr)
        .Set("aerr", k.aerr)
        .Set("slip_velocity", Json(Json::Array{Json(k.slip_velocity_C.x()), Json(k.slip_velocity_C.y())}))
        .Set("slip_speed", k.slip_speed())
        .Set("proximal", k.IsProximal(ptol))
        .Set("method", to_string(k.method));
    contacts.Push(std::move(contact));
  }
  Json out = Json::MakeObject();
  out.Set("geometry_a", a.spec).Set("geometry_b", b.spec).Set("sign", sign).Set("contacts", std::move(contacts));
  std::cout << out.Dump();
  return 0;
}

const CommandRegistration kReg("contact",
                               Command{"contact kinematics (frame, perr, verr, aerr, slip) of two moving geometries",
                                       Help(), Run});

}  // namespace
}  // namespace hydrocontact::cli
